CREATE TABLE "duty_category_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"duty_rate" numeric(6, 4) NOT NULL,
	"gct_rate" numeric(6, 4) NOT NULL,
	"other_rate" numeric(6, 4) DEFAULT '0' NOT NULL,
	"other_label" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"rates" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duty_categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "duty_category_rates" ADD CONSTRAINT "duty_category_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_category_rates" ADD CONSTRAINT "duty_category_rates_category_id_duty_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."duty_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_category_rates" ADD CONSTRAINT "duty_category_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_versions" ADD CONSTRAINT "rate_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_versions" ADD CONSTRAINT "rate_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duty_category_rates_from_uq" ON "duty_category_rates" USING btree ("category_id","effective_from");--> statement-breakpoint
CREATE INDEX "duty_category_rates_company_idx" ON "duty_category_rates" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_versions_company_from_uq" ON "rate_versions" USING btree ("company_id","effective_from");--> statement-breakpoint
-- hand-written:
-- The first rate version of every existing company: its freight (by air and, until it sets its own, by sea, with no
-- minimum), handling and storage from its settings, its exchange rate from the company row. In force since before
-- anything it priced; "entered" on the day its exchange rate was set, which the fee page shows as the rate's date.
INSERT INTO "rate_versions" ("company_id", "effective_from", "rates", "note", "created_at")
SELECT c."id", TIMESTAMPTZ '2000-01-01 00:00:00+00',
  jsonb_build_object(
    'freight', jsonb_build_object(
      'air', (s."settings"->'freight') || '{"minimum_cents":0}'::jsonb,
      'sea', (s."settings"->'freight') || '{"minimum_cents":0}'::jsonb),
    'handling', s."settings"->'handling',
    'storage', s."settings"->'storage',
    'exchange_rate', c."exchange_rate"::text),
  'Starting rates', c."exchange_rate_date"::timestamptz
FROM "companies" c
JOIN "company_settings" s ON s."company_id" = c."id"
WHERE s."settings" ? 'freight' AND s."settings" ? 'handling' AND s."settings" ? 'storage'
  AND NOT EXISTS (SELECT 1 FROM "rate_versions" v WHERE v."company_id" = c."id");
--> statement-breakpoint
-- The rates now live in the versions only: one owner.
UPDATE "company_settings" SET "settings" = "settings" - 'freight' - 'handling' - 'storage'
WHERE "company_id" IN (SELECT "company_id" FROM "rate_versions");
--> statement-breakpoint
-- Each duty category's rates become its first version; an inactive one is retired as of now.
INSERT INTO "duty_category_rates" ("company_id", "category_id", "effective_from", "duty_rate", "gct_rate")
SELECT d."company_id", d."id", TIMESTAMPTZ '2000-01-01 00:00:00+00', d."duty_rate", d."gct_rate"
FROM "duty_categories" d
WHERE NOT EXISTS (SELECT 1 FROM "duty_category_rates" r WHERE r."category_id" = d."id");
--> statement-breakpoint
UPDATE "duty_categories" SET "retired_at" = now() WHERE "is_active" = false AND "retired_at" IS NULL;
--> statement-breakpoint
-- "Rates" and "Duty categories" join every company's admin menu (admins only), at its end, as in the seed's ADMIN_MENU.
INSERT INTO "menu_items" ("menu_id", "company_id", "title", "icon", "route", "sort_order", "roles")
SELECT m."id", m."company_id", x."title", x."icon", x."route",
  COALESCE((SELECT max(i."sort_order") FROM "menu_items" i WHERE i."menu_id" = m."id"), 0) + x."step",
  ARRAY['admin']::text[]
FROM "menus" m
CROSS JOIN (VALUES ('Rates', 'report-money', '/admin/rates', 10),
                   ('Duty categories', 'clipboard-list', '/admin/duties', 20)) AS x("title", "icon", "route", "step")
WHERE m."code" = 'admin'
  AND NOT EXISTS (SELECT 1 FROM "menu_items" i WHERE i."menu_id" = m."id" AND i."route" = x."route")
ON CONFLICT DO NOTHING;
