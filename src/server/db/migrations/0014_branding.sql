CREATE TABLE "brand_logos" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"replaced_logo_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_logos" ADD CONSTRAINT "brand_logos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_logos" ADD CONSTRAINT "brand_logos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- Branding joins every company's admin menu (admins only), at its end. New companies get the same from the seed's
-- ADMIN_MENU; a menu that already has the route (an admin added it by hand) is left as it is.
INSERT INTO "menu_items" ("menu_id", "company_id", "title", "icon", "route", "sort_order", "roles")
SELECT m."id", m."company_id", 'Branding', 'palette', '/admin/settings/branding',
  COALESCE((SELECT max(i."sort_order") + 10 FROM "menu_items" i WHERE i."menu_id" = m."id"), 10),
  ARRAY['admin']::text[]
FROM "menus" m
WHERE m."code" = 'admin'
  AND NOT EXISTS (SELECT 1 FROM "menu_items" i WHERE i."menu_id" = m."id" AND i."route" = '/admin/settings/branding')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A short name is what a phone's home screen shows under the icon, 12 characters at most (Branding refuses longer
-- ones). Longer ones were never shown: the manifest gave the name's first word instead, which they become here.
UPDATE "companies" SET "short_name" = left(split_part("name", ' ', 1), 12) WHERE char_length("short_name") > 12;
