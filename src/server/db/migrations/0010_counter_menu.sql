-- The pickup counter joins every company's admin menu, just before the invoice items (after the other back office
-- screens); staff and admins both work the counter. New companies get the same from the seed's ADMIN_MENU.
INSERT INTO "menu_items" ("menu_id", "company_id", "title", "icon", "route", "sort_order", "roles")
SELECT m."id", m."company_id", 'Pickup counter', 'building-store', '/admin/counter',
  COALESCE(
    (SELECT min(i."sort_order") - 1 FROM "menu_items" i WHERE i."menu_id" = m."id" AND i."route" LIKE '/admin/invoice/%'),
    (SELECT max(i."sort_order") + 10 FROM "menu_items" i WHERE i."menu_id" = m."id"),
    10
  ),
  ARRAY['staff','admin']::text[]
FROM "menus" m
WHERE m."code" = 'admin'
ON CONFLICT DO NOTHING;
