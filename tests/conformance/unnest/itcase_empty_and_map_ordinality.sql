-- UnnestITCase U-5: an empty array WITH ORDINALITY gives no rows; a MAP WITH ORDINALITY gives
-- (key, value, ordinality) in the map's internal order, which for rows of a table is the order
-- the entries were written (Flink keeps them in arrays, BinaryMapData).
CREATE TABLE T (a INT, arr ARRAY<STRING>, m MAP<STRING, INT>);
@T 1 | [] | {c=20, d=21}
@T 2 | [x] | {zz=1, a=2, Aa=3}
SELECT a, v, o FROM T CROSS JOIN UNNEST(arr) WITH ORDINALITY AS U(v, o);
SELECT a, k, v, o FROM T CROSS JOIN UNNEST(m) WITH ORDINALITY AS U(k, v, o);
SELECT * FROM T CROSS JOIN UNNEST(m) WITH ORDINALITY;
