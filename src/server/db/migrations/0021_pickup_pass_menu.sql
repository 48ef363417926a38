-- hand-written:
-- "Pickup pass" joins every company's customer menu, right after "My packages" (at its end if that item is gone),
-- as in the seed's CUSTOMER_MENU.
INSERT INTO "menu_items" ("menu_id", "company_id", "title", "icon", "route", "sort_order", "roles")
SELECT m."id", m."company_id", 'Pickup pass', 'qrcode', '/user/pickup-pass',
  COALESCE((SELECT min(i."sort_order") FROM "menu_items" i WHERE i."menu_id" = m."id" AND i."route" = '/user/packages/history'),
           (SELECT max(i."sort_order") FROM "menu_items" i WHERE i."menu_id" = m."id"), 0) + 5,
  ARRAY['customer', 'staff', 'admin']::text[]
FROM "menus" m
WHERE m."code" = 'customer'
  AND NOT EXISTS (SELECT 1 FROM "menu_items" i WHERE i."menu_id" = m."id" AND i."route" = '/user/pickup-pass')
ON CONFLICT DO NOTHING;
