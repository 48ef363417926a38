DROP INDEX "packages_company_tracking_idx";--> statement-breakpoint
DROP INDEX "packages_company_received_idx";--> statement-breakpoint
CREATE INDEX "packages_company_updated_idx" ON "packages" USING btree ("company_id","updated_at","id","status_code");--> statement-breakpoint
CREATE INDEX "packages_company_weight_idx" ON "packages" USING btree ("company_id","weight","id","status_code");--> statement-breakpoint
CREATE INDEX "packages_company_value_idx" ON "packages" USING btree ("company_id","declared_value_cents","id","status_code");--> statement-breakpoint
CREATE INDEX "packages_company_tracking_idx" ON "packages" USING btree ("company_id","tracking_number","id","status_code");--> statement-breakpoint
CREATE INDEX "packages_company_received_idx" ON "packages" USING btree ("company_id","received_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"status_code");--> statement-breakpoint
-- Substring searches (ILIKE '%…%') read trigram indexes; each expression is spelled exactly as the query that uses
-- it (staff-packages/package-rows.ts, invoices/invoice-queries.ts) or the planner cannot match it. Not in the
-- drizzle schema, as 0002's: drizzle-kit cannot spell an operator class on an expression. None is on a bare column:
-- gin_trgm_ops also answers `=`, and the planner then took a trigram index for `tracking_number IN (5,000 values)`
-- (7 s) or could for a login's email; an expression no lookup by value uses keeps them to the searches.
CREATE INDEX IF NOT EXISTS "users_contact_trgm_idx" ON "users" USING gin (("mailbox_number" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
-- What an Unassigned parcel's label said, searched among those only (staff-packages/package-rows.ts): without it every
-- search read each Unassigned parcel to look at its label.
CREATE INDEX IF NOT EXISTS "packages_unassigned_hint_trgm_idx" ON "packages" USING gin ("consignee_hint" gin_trgm_ops) WHERE user_id IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_number_trgm_idx" ON "invoices" USING gin ((coalesce("number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_number_key_trgm_idx" ON "invoices" USING gin ((regexp_replace(upper(coalesce("number", '')), '[^A-Z0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_lines_description_trgm_idx" ON "invoice_lines" USING gin ("description" gin_trgm_ops);
