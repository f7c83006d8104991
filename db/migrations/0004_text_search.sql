-- Accent- and case-insensitive search that stays fast at 50,000 clients: one immutable folding
-- function (the same as foldText() in lib/data/list.ts) and trigram indexes on what the lists search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE FUNCTION agenda_fold(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT translate(lower($1), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny') $$;
--> statement-breakpoint
-- Phone digits only: '(65) 99999-1234' is found by '9999912' and by '65 99999'.
CREATE FUNCTION agenda_digits(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT regexp_replace($1, '\D', '', 'g') $$;
--> statement-breakpoint
CREATE INDEX clients_search_name_idx ON clients USING gin (business_id, agenda_fold(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX clients_search_phone_idx ON clients USING gin (business_id, agenda_digits(phone) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX clients_search_email_idx ON clients USING gin (business_id, lower(email) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX services_search_name_idx ON services USING gin (business_id, agenda_fold(name) gin_trgm_ops);
--> statement-breakpoint
-- Alphabetical paging of the lists ('Jéssica' between 'Isabela' and 'Juliana', whatever the collation).
CREATE INDEX clients_business_folded_name_idx ON clients (business_id, agenda_fold(name), name, id);
--> statement-breakpoint
CREATE INDEX services_business_folded_name_idx ON services (business_id, agenda_fold(name), name, id);
