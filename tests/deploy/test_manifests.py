"""The compose file and the Kubernetes manifests pass their schemas and our house rules.

No Docker engine or cluster is needed: the compose file is checked against the Compose
Specification's JSON schema (vendored by check-jsonschema) and each manifest against the
Kubernetes OpenAPI schemas (vendored by kubernetes-validate, strict: unknown fields fail).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
MANIFESTS = sorted((ROOT / "deploy" / "k8s").glob("*.yaml"))
K8S_VERSION = "1.30.0"


def documents() -> list[tuple[str, dict[str, Any]]]:
    docs = []
    for path in MANIFESTS:
        for doc in yaml.safe_load_all(path.read_text()):
            if doc:
                docs.append((path.name, doc))
    return docs


def check_compose(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.compose-spec",
            str(path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )


def test_compose_file_matches_the_compose_specification() -> None:
    result = check_compose(COMPOSE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_compose_check_rejects_a_broken_file(tmp_path: Path) -> None:
    broken = tmp_path / "compose.yml"
    broken.write_text("services:\n  engine:\n    ports: 50051\n    restart: sometimes-maybe\n")
    assert check_compose(broken).returncode != 0


def test_compose_requires_secrets_and_starts_in_order_of_health() -> None:
    text = COMPOSE.read_text()
    assert "${INFERNO_TOKEN_KEY:?" in text and "${POSTGRES_PASSWORD:?" in text
    spec = yaml.safe_load(text)
    services = spec["services"]
    for name in ("redis", "postgres"):
        assert "healthcheck" in services[name]
    for name in ("engine", "scoring", "lobby", "worker", "dispatcher"):
        conditions = {dep["condition"] for dep in services[name]["depends_on"].values()}
        assert conditions == {"service_healthy"}, name


@pytest.mark.parametrize(
    ("path", "doc"), documents(), ids=lambda v: v if isinstance(v, str) else v.get("kind", "?")
)
def test_each_manifest_matches_the_kubernetes_schema(path: str, doc: dict[str, Any]) -> None:
    kubernetes_validate.validate(doc, K8S_VERSION, strict=True)


def test_the_kubernetes_check_rejects_a_broken_manifest() -> None:
    broken = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "x"},
        "spec": {"replicas": "two", "selector": {}, "template": {}},
    }
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, K8S_VERSION, strict=True)


def workloads() -> list[dict[str, Any]]:
    return [doc for _, doc in documents() if doc["kind"] in ("Deployment", "StatefulSet")]


@pytest.mark.parametrize("doc", workloads(), ids=lambda d: d["metadata"]["name"])
def test_every_workload_has_probes_resources_and_runs_as_non_root(doc: dict[str, Any]) -> None:
    pod = doc["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    for container in pod["containers"]:
        assert "readinessProbe" in container and "livenessProbe" in container
        assert {"requests", "limits"} <= set(container["resources"])
        assert container["securityContext"]["allowPrivilegeEscalation"] is False


def test_the_engine_uses_a_grpc_probe_and_engine_autoscales() -> None:
    docs = {(d["kind"], d["metadata"]["name"]): d for _, d in documents()}
    engine = docs[("Deployment", "engine")]["spec"]["template"]["spec"]["containers"][0]
    assert engine["readinessProbe"]["grpc"]["port"] == 50051
    assert ("HorizontalPodAutoscaler", "engine") in docs
    # Every engine pod also answers browsers (gRPC-web) for its own engine, on the Service.
    web = docs[("Deployment", "engine")]["spec"]["template"]["spec"]["containers"][1]
    assert web["command"][:3] == ["python", "-m", "inferno_engine.grpc_web"]
    assert "127.0.0.1:50051" in web["command"]
    ports = {p["name"]: p["port"] for p in docs[("Service", "engine")]["spec"]["ports"]}
    assert ports == {"grpc": 50051, "grpc-web": 8080}


def test_every_service_of_the_platform_is_deployed_in_compose_and_kubernetes() -> None:
    compose = set(yaml.safe_load(COMPOSE.read_text())["services"])
    assert {"engine", "lobby", "scoring", "worker", "dispatcher"} <= compose
    deployed = {d["metadata"]["name"] for d in workloads()}
    assert {"engine", "lobby", "scoring", "worker", "dispatcher"} <= deployed


def test_the_worker_autoscales_and_probes_its_health_endpoints() -> None:
    docs = {(d["kind"], d["metadata"]["name"]): d for _, d in documents()}
    assert ("HorizontalPodAutoscaler", "worker") in docs
    for name in ("worker", "dispatcher"):
        pod = docs[("Deployment", name)]["spec"]["template"]["spec"]
        (container,) = pod["containers"]
        assert container["readinessProbe"]["httpGet"]["path"] == "/health/ready"
        port = {e["name"]: e["value"] for e in container["env"]}
        assert any(p["containerPort"] == int(v) for p in container["ports"] for v in port.values())


def test_the_dockerfile_builds_an_image_for_every_deployed_service() -> None:
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    targets = {line.split()[-1] for line in dockerfile.splitlines() if line.startswith("FROM ")}
    images = {
        c["image"].split("/")[-1].split(":")[0]
        for d in workloads()
        for c in d["spec"]["template"]["spec"]["containers"]
        if c["image"].startswith("inferno/")
    }
    assert images <= targets, images - targets
    compose = yaml.safe_load(COMPOSE.read_text())["services"]
    built = {s["build"]["target"] for s in compose.values() if "build" in s}
    assert built <= targets, built - targets
