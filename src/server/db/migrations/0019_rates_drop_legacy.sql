-- The legacy rate columns go only after 0017 copied them into the effective-dated tables (keep this order).
ALTER TABLE "duty_categories" DROP COLUMN "duty_rate";--> statement-breakpoint
ALTER TABLE "duty_categories" DROP COLUMN "gct_rate";--> statement-breakpoint
ALTER TABLE "duty_categories" DROP COLUMN "is_active";