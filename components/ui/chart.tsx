"use client";

/**
 * The shadcn/ui chart look over Recharts: a container that sizes the chart and gives each series a
 * `--color-<key>` variable (from the app's theme tokens, so light and dark follow the theme), and a
 * tooltip box in the app's popover style. Import only from pages that draw charts: Recharts is big.
 */
import { createContext, useContext, useId } from "react";
import { ResponsiveContainer, type TooltipContentProps } from "recharts";
import { cn } from "@/lib/cn";

export type ChartConfig = Record<string, { label: string; /** Any CSS colour; theme tokens (var(--primary)) follow light and dark. */ color: string }>;

const ChartContext = createContext<ChartConfig | null>(null);

function useChartConfig(): ChartConfig {
  const config = useContext(ChartContext);
  if (!config) throw new Error("useChartConfig: fora de um ChartContainer");
  return config;
}

export function ChartContainer({
  config,
  className,
  children,
  ...props
}: React.ComponentProps<"div"> & { config: ChartConfig; children: React.ComponentProps<typeof ResponsiveContainer>["children"] }) {
  const id = `chart-${useId().replace(/[^a-zA-Z0-9-]/g, "")}`;
  const vars = Object.entries(config)
    .map(([key, c]) => `--color-${key}: ${c.color};`)
    .join(" ");
  return (
    <ChartContext.Provider value={config}>
      <div
        data-chart={id}
        className={cn(
          "flex aspect-video justify-center text-xs",
          "[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border",
          "[&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted",
          "[&_.recharts-dot[stroke='#fff']]:stroke-transparent [&_.recharts-layer]:outline-hidden [&_.recharts-surface]:outline-hidden",
          className,
        )}
        {...props}
      >
        <style>{`[data-chart=${id}] { ${vars} }`}</style>
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

type TooltipBoxProps = Partial<Pick<TooltipContentProps<number, string>, "active" | "payload" | "label">> & {
  labelFormatter?: (label: string) => string;
  valueFormatter?: (value: number) => string;
};

/** Recharts' `content` for <Tooltip>: the label, then one line per series with its colour. */
export function ChartTooltipContent({ active, payload, label, labelFormatter, valueFormatter }: TooltipBoxProps) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  return (
    <div data-testid="chart-tooltip" className="grid min-w-32 gap-1.5 rounded-lg border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-xl">
      <div className="font-medium">{labelFormatter ? labelFormatter(String(label ?? "")) : label}</div>
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? "");
        return (
          <div key={key} className="flex items-center gap-2">
            <span aria-hidden className="size-2.5 shrink-0 rounded-[2px]" style={{ background: `var(--color-${key})` }} />
            <span className="text-muted-foreground">{config[key]?.label ?? item.name}</span>
            <span className="ml-auto pl-2 font-mono font-medium tabular-nums">
              {valueFormatter ? valueFormatter(Number(item.value)) : String(item.value)}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** The series' names and colours under a chart. */
export function ChartLegend({ config, keys }: { config: ChartConfig; keys: string[] }) {
  return (
    <ul className="flex flex-wrap items-center justify-center gap-4 pt-2 text-xs">
      {keys.map((key) => (
        <li key={key} className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-[2px]" style={{ background: config[key]?.color }} />
          {config[key]?.label}
        </li>
      ))}
    </ul>
  );
}
