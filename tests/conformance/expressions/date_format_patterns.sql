-- DATE_FORMAT with java.time patterns (English locale): day and month names, day of year,
-- clock hours, era, quarter, quoted text; on TIMESTAMP and TIMESTAMP_LTZ.
CREATE TABLE t (ts TIMESTAMP(3), lt TIMESTAMP_LTZ(3));
INSERT INTO t VALUES (TIMESTAMP '2024-02-29 23:59:59.123', TO_TIMESTAMP_LTZ(1709251199123, 3));
INSERT INTO t VALUES (TIMESTAMP '2023-10-01 00:05:09.000', TO_TIMESTAMP_LTZ(0, 3));
INSERT INTO t VALUES (TIMESTAMP '2021-07-04 12:30:00.5', TO_TIMESTAMP_LTZ(-1, 3));
SELECT DATE_FORMAT(ts, 'EEE dd/MM/yy'), DATE_FORMAT(ts, 'EEEE, MMMM d, yyyy'), DATE_FORMAT(ts, 'MMM'), DATE_FORMAT(ts, 'E'), DATE_FORMAT(ts, 'D DDD'), DATE_FORMAT(ts, 'k K h a'), DATE_FORMAT(ts, 'G yyyy'), DATE_FORMAT(ts, 'Q QQ QQQ QQQQ'), DATE_FORMAT(ts, 'yyyy-MM-dd''T''HH:mm:ss.SSS'), DATE_FORMAT(ts, 'y yy yyy'), DATE_FORMAT(ts, 'hh:mm a') FROM t;
SELECT DATE_FORMAT(lt, 'yyyy-MM-dd HH:mm:ss'), DATE_FORMAT(lt, 'EEE HH:mm'), DATE_FORMAT(ts, 'MMMMM EEEEE'), DATE_FORMAT(ts, 'LLL') FROM t;
