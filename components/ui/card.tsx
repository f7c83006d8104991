import { cn } from "@/lib/cn";

type Div = React.HTMLAttributes<HTMLDivElement> & { ref?: React.Ref<HTMLDivElement> };

export function Card({ className, ...p }: Div) {
  return <div className={cn("rounded-xl border bg-card text-card-foreground shadow-sm", className)} {...p} />;
}
export function CardHeader({ className, ...p }: Div) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...p} />;
}
export function CardTitle({ className, ...p }: React.HTMLAttributes<HTMLHeadingElement>) {
  return <h3 className={cn("text-lg font-semibold leading-tight tracking-tight", className)} {...p} />;
}
export function CardDescription({ className, ...p }: React.HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...p} />;
}
export function CardContent({ className, ...p }: Div) {
  return <div className={cn("p-6 pt-0", className)} {...p} />;
}
export function CardFooter({ className, ...p }: Div) {
  return <div className={cn("flex items-center p-6 pt-0", className)} {...p} />;
}
