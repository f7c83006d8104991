import { cn } from "@/lib/cn";

/**
 * An e-mail address that may break after its '@' (and anywhere, when a part alone is still too
 * long) rather than stay one unbreakable word: in a table, such a word widens the whole table past
 * a phone's screen, and a cell can't truncate it.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.indexOf("@");
  return (
    <span className={cn("wrap-anywhere", className)}>
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </span>
  );
}
