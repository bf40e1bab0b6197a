-- The sensors database (the PTF tutorial's shape): temperature and humidity per machine,
-- joined in 1-minute windows.
SET 'joinlab.examples.rows' = '48';
SELECT t.machine_id, t.temperature, h.humidity, t.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE examples.sensors.temperature_readings, DESCRIPTOR(event_time), INTERVAL '1' MINUTE))) t
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE examples.sensors.humidity_readings, DESCRIPTOR(event_time), INTERVAL '1' MINUTE))) h
ON t.machine_id = h.sensor_id AND t.window_start = h.window_start AND t.window_end = h.window_end;
