CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"source" text DEFAULT 'Mobile' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_box_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"min_coins" integer NOT NULL,
	"max_coins" integer NOT NULL,
	"steps_to_unlock" integer DEFAULT 0 NOT NULL,
	"boxes_per_day" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_box_configs_coin_range_check" CHECK ("gift_box_configs"."min_coins" <= "gift_box_configs"."max_coins")
);
--> statement-breakpoint
CREATE TABLE "gift_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"coins" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"audience" text NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"option1" text NOT NULL,
	"option2" text NOT NULL,
	"option3" text NOT NULL,
	"option4" text NOT NULL,
	"correct_option" integer NOT NULL,
	"language" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_correct_option_check" CHECK ("quiz_questions"."correct_option" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_token" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_boxes" ADD CONSTRAINT "gift_boxes_config_id_gift_box_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."gift_box_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_boxes" ADD CONSTRAINT "gift_boxes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_boxes" ADD CONSTRAINT "gift_boxes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD CONSTRAINT "inbox_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD CONSTRAINT "inbox_notifications_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_user_id_idx" ON "messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("created_at") WHERE "messages"."is_read" = false;--> statement-breakpoint
CREATE INDEX "messages_title_trgm_idx" ON "messages" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "gift_box_configs_type_lower_key" ON "gift_box_configs" USING btree (lower("type"));--> statement-breakpoint
CREATE INDEX "gift_box_configs_created_at_idx" ON "gift_box_configs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gift_box_configs_type_trgm_idx" ON "gift_box_configs" USING gin ("type" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gift_boxes_config_id_idx" ON "gift_boxes" USING btree ("config_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_boxes_expires_at_idx" ON "gift_boxes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_notifications_notification_user_key" ON "inbox_notifications" USING btree ("notification_id","user_id");--> statement-breakpoint
CREATE INDEX "inbox_notifications_user_created_idx" ON "inbox_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_notification_user_key" ON "notification_deliveries" USING btree ("notification_id","user_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("due_at","id") WHERE "notification_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_deliveries_user_id_idx" ON "notification_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_title_trgm_idx" ON "notifications" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_message_trgm_idx" ON "notifications" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quiz_questions_created_at_idx" ON "quiz_questions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quiz_questions_language_idx" ON "quiz_questions" USING btree ("language");--> statement-breakpoint
CREATE INDEX "quiz_questions_question_trgm_idx" ON "quiz_questions" USING gin ("question" gin_trgm_ops);