CREATE TYPE "public"."chat_author" AS ENUM('client', 'planner');--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"author" "chat_author" NOT NULL,
	"author_user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_body_check" CHECK (length(body) between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "planner_chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"planner_user_id" integer NOT NULL,
	"question" text NOT NULL,
	"question_at" timestamp with time zone NOT NULL,
	"response" text NOT NULL,
	"response_at" timestamp with time zone NOT NULL,
	CONSTRAINT "planner_chat_messages_question_check" CHECK (length(question) between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_chat_messages" ADD CONSTRAINT "planner_chat_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_chat_messages" ADD CONSTRAINT "planner_chat_messages_planner_user_id_users_id_fk" FOREIGN KEY ("planner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_client_index" ON "chat_messages" USING btree ("client_user_id","id");--> statement-breakpoint
CREATE INDEX "planner_chat_messages_planner_index" ON "planner_chat_messages" USING btree ("planner_user_id","id");