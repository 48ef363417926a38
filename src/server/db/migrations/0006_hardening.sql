CREATE TABLE "storage_usage" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "files_owner_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor" text;--> statement-breakpoint
ALTER TABLE "storage_usage" ADD CONSTRAINT "storage_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","created_at");--> statement-breakpoint
-- Start the counter from the files already stored.
INSERT INTO "storage_usage" ("company_id", "bytes") SELECT "company_id", COALESCE(SUM("size_bytes"), 0) FROM "files" GROUP BY "company_id" ON CONFLICT ("company_id") DO UPDATE SET "bytes" = EXCLUDED."bytes";
