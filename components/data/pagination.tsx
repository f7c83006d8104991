import { ChevronLeft, ChevronRight } from "lucide";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { StaticIcon } from "@/components/ui/static-icon";

type Props = {
  basePath: string;
  /** The other query parameters to keep (q, tab …). */
  params: Record<string, string>;
  page: number;
  pageCount: number;
  total: number;
  /** "negócio" / "negócios". */
  noun: [string, string];
};

function href(basePath: string, params: Record<string, string>, page: number) {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v));
  if (page > 1) search.set("page", String(page));
  const qs = search.toString();
  return qs ? `${basePath}?${qs}` : basePath;
}

/** "N negócios · Página X de Y" with previous/next links (?page=). */
export function Pagination({ basePath, params, page, pageCount, total, noun }: Props) {
  const count = `${new Intl.NumberFormat("pt-BR").format(total)} ${total === 1 ? noun[0] : noun[1]}`;
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <p data-testid="list-total">
        {count} · Página {Math.min(page, pageCount)} de {pageCount}
      </p>
      {pageCount > 1 && (
        <nav aria-label="Paginação" className="flex gap-2">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link href={href(basePath, params, page - 1)} rel="prev">
                <StaticIcon icon={ChevronLeft} /> Anterior
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              <StaticIcon icon={ChevronLeft} /> Anterior
            </Button>
          )}
          {page < pageCount ? (
            <Button asChild variant="outline" size="sm">
              <Link href={href(basePath, params, page + 1)} rel="next">
                Próxima <StaticIcon icon={ChevronRight} />
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              Próxima <StaticIcon icon={ChevronRight} />
            </Button>
          )}
        </nav>
      )}
    </div>
  );
}
