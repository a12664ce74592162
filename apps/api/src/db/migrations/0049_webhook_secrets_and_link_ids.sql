ALTER TABLE "open_finance_settings" ADD COLUMN "webhook_secret_ciphertext" text;--> statement-breakpoint
ALTER TABLE "open_finance_simulator"."consents" ADD COLUMN "link_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_consents_link_unique" ON "open_finance_simulator"."consents" USING btree ("link_id");