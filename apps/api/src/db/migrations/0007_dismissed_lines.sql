CREATE TABLE "dismissed_lines" (
	"origin_id" integer NOT NULL,
	"identity_key" bigint NOT NULL,
	CONSTRAINT "dismissed_lines_origin_id_identity_key_pk" PRIMARY KEY("origin_id","identity_key")
);
--> statement-breakpoint
ALTER TABLE "dismissed_lines" ADD CONSTRAINT "dismissed_lines_origin_id_origins_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."origins"("id") ON DELETE cascade ON UPDATE no action;