"""The Grafana dashboard and the Prometheus scrape configuration read only series that some
service of this repository exports, and scrape every service's metrics port."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]
DASHBOARD = ROOT / "deploy" / "grafana" / "inferno-platform.json"
SCRAPE = ROOT / "deploy" / "prometheus" / "prometheus.yml"
METRIC = re.compile(r"\binferno_[a-z_]+")


def exported() -> str:
    return "\n".join(
        p.read_text() for top in ("services", "libs") for p in (ROOT / top).rglob("*.py")
    )


def test_every_dashboard_series_is_exported_by_a_service() -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    code = exported()
    exprs = [t["expr"] for panel in dashboard["panels"] for t in panel["targets"]]
    assert len(exprs) >= 8
    for expr in exprs:
        for name in METRIC.findall(expr):
            base = re.sub(r"_(bucket|sum|count)$", "", name)
            assert f'"{base}"' in code, f"{base} (in {expr!r}) is exported by no service"


def test_prometheus_scrapes_every_service() -> None:
    config = yaml.safe_load(SCRAPE.read_text())
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    for service, port in (("engine", 9101), ("worker", 9102), ("dispatcher", 9103),
                          ("lobby", 8000), ("scoring", 8001), ("console", 8002)):  # fmt: skip
        targets = jobs[f"inferno-{service}"]["static_configs"][0]["targets"]
        assert targets == [f"127.0.0.1:{port}"]
    assert "kubernetes_sd_configs" in jobs["inferno-pods"]
