import "react";

declare module "react" {
  /** Custom properties in `style` (`--at`, `--span`, `--lane`…), which utilities in app/globals.css read. */
  interface CSSProperties {
    [name: `--${string}`]: string | number | undefined;
  }
}
