CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"control_code" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"store_name" text NOT NULL,
	"store_address" text NOT NULL,
	"card_picture" text,
	"valid_till" date NOT NULL,
	"expiry_duration" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"user_id" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "gift_cards_control_code_unique" UNIQUE("control_code")
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_user_id_idx" ON "gift_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gift_cards_valid_till_idx" ON "gift_cards" USING btree ("valid_till");--> statement-breakpoint
CREATE INDEX "gift_cards_created_at_idx" ON "gift_cards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gift_cards_serial_trgm_idx" ON "gift_cards" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gift_cards_store_name_trgm_idx" ON "gift_cards" USING gin ("store_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);