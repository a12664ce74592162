CREATE TYPE "public"."notification_channel" AS ENUM('in_app', 'email');--> statement-breakpoint
CREATE TYPE "public"."notification_trigger" AS ENUM('all', 'notices');--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channels" "notification_channel"[] NOT NULL,
	"notification_trigger" "notification_trigger" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_open_budget_planning_unique" ON "tasks" USING btree ("client_user_id",date_trunc('month', "start"::timestamp)) WHERE type = 'budget-planning' and status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_open_categorizing_unique" ON "tasks" USING btree ("client_user_id") WHERE type = 'categorizing' and status = 'pending';