-- Seeded loan settings. They live in the database, not in code: change them there.
-- Money in kopecks. First loan: 1 000–30 000 ₽ by 1 000, 5–30 days, 0.8 % a day. Repeat loan
-- (a client with a repaid loan): up to 49 000 ₽, below the 50 000 ₽ cooling-off threshold.
INSERT INTO "tariffs" ("name", "is_repeat", "min_sum", "max_sum", "sum_step", "min_period", "max_period", "period_step", "day_percent", "period", "position")
VALUES
  ('Первый заём', false, 100000, 3000000, 100000, 5, 30, 1, '0.8', 'Daily', 1),
  ('Повторный заём', true, 100000, 4900000, 100000, 5, 30, 1, '0.8', 'Daily', 2);
--> statement-breakpoint
INSERT INTO "insurances" ("code", "name", "description", "price", "position")
VALUES
  ('borrower_protection', 'Защита заёмщика',
   'Страхование жизни и здоровья на срок займа: при несчастном случае страховая компания погасит долг.',
   49000, 1),
  ('job_loss', 'Финансовая защита',
   'Страхование на случай потери работы на срок займа: страховая компания внесёт платёж за вас.',
   29000, 2);
--> statement-breakpoint
INSERT INTO "refusal_partners" ("name", "description", "link", "max_sum", "rate_text", "position")
VALUES
  ('ДеньгиСразу', 'Заём на карту за 15 минут, первый заём без процентов.',
   'https://offers.example.com/dengi-srazu', 3000000, 'от 0 % в день', 1),
  ('Быстрый рубль', 'Одобрение с любой кредитной историей.',
   'https://offers.example.com/bystry-rubl', 2000000, 'от 0,5 % в день', 2),
  ('КредитПлюс', 'Кредитная карта с льготным периодом до 120 дней.',
   'https://offers.example.com/kredit-plus', 30000000, 'от 19,9 % годовых', 3);
--> statement-breakpoint
INSERT INTO "refusal_showcase_rules" ("page", "partner_id", "latency_seconds", "window_to_open")
SELECT 'denied', "id", 10, 'in-same-window' FROM "refusal_partners" WHERE "name" = 'ДеньгиСразу'
UNION ALL
SELECT 'other', "id", 0, 'in-new-window' FROM "refusal_partners" WHERE "name" = 'ДеньгиСразу';
