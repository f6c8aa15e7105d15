ALTER TABLE "coin_ledger" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "gift_boxes_unopened_position_idx" ON "gift_boxes" USING btree ("latitude","longitude") WHERE "gift_boxes"."opened_at" is null;--> statement-breakpoint
CREATE INDEX "gift_boxes_opened_by_idx" ON "gift_boxes" USING btree ("opened_by","opened_at") WHERE "gift_boxes"."opened_by" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_in_stock_price_idx" ON "gift_cards" USING btree ("price","id") WHERE "gift_cards"."user_id" is null and "gift_cards"."redeemed_at" is null;