ALTER TABLE "organizations" ADD COLUMN "trial_ends_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;