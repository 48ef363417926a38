DROP INDEX "packages_user_created_idx";--> statement-breakpoint
DROP INDEX "packages_company_status_idx";--> statement-breakpoint
CREATE INDEX "packages_company_created_idx" ON "packages" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "packages_user_created_idx" ON "packages" USING btree ("company_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "packages_company_status_idx" ON "packages" USING btree ("company_id","status_code","created_at","id");