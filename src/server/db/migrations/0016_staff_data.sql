-- hand-written:
-- Staff joins every company's admin menu (admins only), at its end. New companies get the same from the seed's
-- ADMIN_MENU; a menu that already has the route (an admin added it by hand) is left as it is.
INSERT INTO "menu_items" ("menu_id", "company_id", "title", "icon", "route", "sort_order", "roles")
SELECT m."id", m."company_id", 'Staff', 'users', '/admin/staff',
  COALESCE((SELECT max(i."sort_order") + 10 FROM "menu_items" i WHERE i."menu_id" = m."id"), 10),
  ARRAY['admin']::text[]
FROM "menus" m
WHERE m."code" = 'admin'
  AND NOT EXISTS (SELECT 1 FROM "menu_items" i WHERE i."menu_id" = m."id" AND i."route" = '/admin/staff')
ON CONFLICT DO NOTHING;
