-- The EXTRACT family and FLOOR/CEIL(x TO unit) before 1970, on TIMESTAMP, TIMESTAMP_LTZ (Asia/Kolkata)
-- and DATE: Flink truncates toward 1970 for timestamps.
SET 'table.local-time-zone' = 'Asia/Kolkata';
CREATE TABLE T (row_time TIMESTAMP(3), lt TIMESTAMP_LTZ(3), d DATE, num INT, WATERMARK FOR row_time AS row_time);
@T 2024-02-29 23:59:59.999 | 2024-02-29 23:59:59.999 | 2024-02-29 | 1
@T 2024-03-03 12:00:00 | 2024-03-03 12:00:00 | 2024-03-03 | 2
@T 1969-12-31 23:30:00.5 | 1969-12-31 23:30:00.5 | 1969-12-31 | 3
SELECT num, HOUR(row_time) AS h, MINUTE(row_time) AS mi, SECOND(row_time) AS s, YEAR(row_time) AS y, MONTH(row_time) AS mo,
  DAYOFMONTH(row_time) AS dom, QUARTER(row_time) AS q, DAYOFWEEK(row_time) AS dow, DAYOFYEAR(row_time) AS doy, WEEK(row_time) AS w,
  EXTRACT(MILLISECOND FROM row_time) AS ms, EXTRACT(DAY FROM d) AS dd, YEAR(d) AS yd, EXTRACT(EPOCH FROM row_time) AS ep
FROM T;
SELECT num, FLOOR(row_time TO SECOND) AS fs, FLOOR(row_time TO MINUTE) AS fmi, FLOOR(row_time TO HOUR) AS fh, FLOOR(row_time TO DAY) AS fd,
  FLOOR(row_time TO MONTH) AS fmo, FLOOR(row_time TO YEAR) AS fy, FLOOR(row_time TO WEEK) AS fw, FLOOR(row_time TO QUARTER) AS fq,
  CEIL(row_time TO SECOND) AS cs, CEIL(row_time TO HOUR) AS ch, CEIL(row_time TO DAY) AS cd, CEIL(row_time TO MONTH) AS cmo,
  FLOOR(d TO MONTH) AS dfm, CEIL(d TO YEAR) AS dcy
FROM T;
SELECT num, HOUR(lt) AS h, EXTRACT(DAY FROM lt) AS dd FROM T;
SELECT num, FLOOR(lt TO HOUR) AS fh, FLOOR(lt TO DAY) AS fd, CEIL(lt TO MINUTE) AS cm FROM T;
