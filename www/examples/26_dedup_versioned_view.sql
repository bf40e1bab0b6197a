-- title: Deduplication: the versioned view of a rates table (the latest rate per currency)
-- about: A rates table gets a new row for every rate change. ROW_NUMBER() OVER (PARTITION BY currency ORDER BY rowtime DESC) = 1 keeps only the latest row per currency: Flink runs it as a Deduplicate (keep the last row by event time), not as a Top-N, and it is the versioned view an event-time temporal join reads. Every newer rate replaces the kept one at once: -U of the old rate, +U of the new one (step 4: Euro 114 → 116). A rate that is older than the kept one is ignored (step 6: Euro's 10:30 rate arrives after the 11:15 one), even though the watermark had not passed it. Query 2 keeps the first row instead (ORDER BY rowtime ASC): Flink cannot know a row is the first until the watermark passes its time, so it holds the earliest row per currency and emits it then (insert-only: nothing is ever retracted), and drops a row behind the watermark as late (step 6).
SET 'joinlab.dialect' = 'flink';

CREATE TABLE RatesHistory (
  currency STRING,
  rate INT,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime - INTERVAL '10' MINUTE
);

@RatesHistory US Dollar | 102 | 2024-01-01 09:00:00
@RatesHistory Euro      | 114 | 2024-01-01 09:00:00
@RatesHistory Yen       | 1   | 2024-01-01 09:00:00
@RatesHistory Euro      | 116 | 2024-01-01 10:45:00
@RatesHistory Euro      | 119 | 2024-01-01 11:15:00
-- out of order: older than Euro's kept 11:15 rate
@RatesHistory Euro      | 115 | 2024-01-01 10:30:00
@RatesHistory Pounds    | 108 | 2024-01-01 11:49:00
@RatesHistory Yen       | 2   | 2024-01-01 11:50:00

CREATE VIEW versioned_rates AS
SELECT currency, rate, rowtime
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY currency ORDER BY rowtime DESC) AS rownum FROM RatesHistory)
WHERE rownum = 1;

SELECT * FROM versioned_rates;

SELECT currency, rate, rowtime
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY currency ORDER BY rowtime ASC) AS rownum FROM RatesHistory)
WHERE rownum = 1;
