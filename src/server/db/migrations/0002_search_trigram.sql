-- Package search (tracking number, description, seller) is a substring match: trigram index over the three.
-- The expression must stay identical to the one in services/packages.ts for the planner to use the index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "packages_search_trgm_idx" ON "packages"
  USING gin (("tracking_number" || ' ' || "description" || ' ' || "seller_name") gin_trgm_ops);
