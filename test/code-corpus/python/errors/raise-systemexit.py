raise SystemExit(7)
