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
