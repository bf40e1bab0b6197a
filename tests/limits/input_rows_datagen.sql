-- A datagen table of 10^9 rows under an input-rows limit of 5: generated only up to the limit.
SET 'joinlab.limit.input-rows' = '5';
CREATE TABLE g (x INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1000000000');
SELECT * FROM g;
