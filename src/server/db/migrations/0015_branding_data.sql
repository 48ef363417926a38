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
