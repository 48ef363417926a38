-- hand-written:
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
