"""bench/run.py still runs (a tiny --quick run), so the benchmark cannot rot."""
from __future__ import annotations

import importlib.util
import json

from bench import run


def test_quick_benchmark_runs(tmp_path, capsys):
    """Every section runs and reports each of its keys; two incidents of each knowledge are enough for that
    (the first two shipped ones, and their not-known variants: --incidents bounds both)."""
    out = tmp_path / "bench.json"
    assert run.main(["--quick", "--sizes", "25", "--incidents", "2", "--before", "--out", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    rows = result["rows"]
    assert [r["knowledge"] for r in rows] == ["shipped", "synthetic-25"]
    assert all(r["rule"]["median_ms"] > 0 and r["peak_mb"] > 0 and r["interview"]["median_ms"] > 0 for r in rows)
    if importlib.util.find_spec("clips"):
        assert all("ratio_rule" in r and "before_ratio_rule" in r for r in rows)
    # the sections after the table, each measured
    assert result["cold_start"]["median_s"] > 0 and result["cold_start"]["uncached_median_s"] > 0
    assert all(result["startup"][k]["median_s"] > 0 for k in ("rule_readme", "ask_first_question"))
    assert result["auction_40"]["median_ms"] > 0
    assert result["worst_board"]["boards"] >= 1 and result["worst_board"]["slowest_s"] > 0
    unknown = result["not_known"]
    assert unknown["incidents"] >= 1 and unknown["one_slot"] >= 1 and unknown["two_slots"] >= 1, unknown
    printed = capsys.readouterr().out
    assert "ratio" in printed and "not known" in printed and "worst board" in printed


def test_the_largest_synthetic_project_fits_the_loader_limits(tmp_path):
    """The benchmark's 1,000-production knowledge is written as a committee would (the vocabulary in
    parts), so no file of it meets the loader's size cap (read/yamlsafe.py MAX_BYTES)."""
    from bench import synthetic
    from bridgelaw.read.yamlsafe import MAX_BYTES
    root, _ = synthetic.write_project(tmp_path, 1000, seed=1)
    assert max(p.stat().st_size for p in root.rglob("*.yaml")) < MAX_BYTES / 4
