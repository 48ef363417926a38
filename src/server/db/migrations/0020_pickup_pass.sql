CREATE TABLE "pickup_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"authorized_person_id" uuid,
	"code" text NOT NULL,
	"token" text NOT NULL,
	"package_ids" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pickup_passes" ADD CONSTRAINT "pickup_passes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_passes" ADD CONSTRAINT "pickup_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_passes" ADD CONSTRAINT "pickup_passes_authorized_person_id_authorized_persons_id_fk" FOREIGN KEY ("authorized_person_id") REFERENCES "public"."authorized_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_passes_code_uq" ON "pickup_passes" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_passes_token_uq" ON "pickup_passes" USING btree ("token") WHERE superseded_at IS NULL;--> statement-breakpoint
CREATE INDEX "pickup_passes_user_idx" ON "pickup_passes" USING btree ("company_id","user_id","issued_at");--> statement-breakpoint
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
