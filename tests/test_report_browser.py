"""The HTML report in a real headless browser (Debian's Chromium): every plot decodes, the heat-map
cells are there and link to a test, a link opens the collapsed test it points to, and the console
stays free of errors. Skipped, with the reason, when no Chromium is installed
(scripts/prepare_browser.sh installs it; `make setup` runs it as root)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest
from test_report_html import small_report

from perturbkit.report.html import to_html

pytestmark = pytest.mark.subprocess

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--allow-file-access-from-files",
]

# Runs first in <head>: records script errors, failed resources and console.error calls; on load,
# writes what the page holds into <pre id="probe"> for --dump-dom to carry out.
PROBE = """<script>
window.__errors = [];
window.addEventListener("error", function (e) {
  var t = e.target;
  window.__errors.push(t && t !== window ? "resource failed: " + (t.src || t.tagName) : String(e.message));
}, true);
window.addEventListener("unhandledrejection", function (e) { window.__errors.push("rejection: " + e.reason); });
var __ce = console.error;
console.error = function () { window.__errors.push([].join.call(arguments, " ")); __ce.apply(console, arguments); };
window.addEventListener("load", function () {
  var imgs = [].slice.call(document.images);
  var cells = [].slice.call(document.querySelectorAll("table.heatmap td.cell a"));
  var target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
  var out = {
    images: imgs.length,
    decoded: imgs.filter(function (i) { return i.complete && i.naturalWidth > 0 && i.naturalHeight > 0; }).length,
    cells: cells.length,
    cells_linked: cells.filter(function (a) {
      return document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1))) !== null;
    }).length,
    tests: document.querySelectorAll("details.test").length,
    open_tests: document.querySelectorAll("details.test[open]").length,
    target_open: target ? target.open === true : null,
    errors: window.__errors
  };
  var pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>"""


def _chromium() -> str | None:
    for name in (os.environ.get("PERTURBKIT_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        path = name and shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def chromium() -> str:
    path = _chromium()
    if path is None:
        pytest.skip(
            "no Chromium found (chromium, chromium-browser or $PERTURBKIT_CHROMIUM): install it with "
            "scripts/prepare_browser.sh (apt-get install chromium) to run the browser checks"
        )
    return path


def _probe(chromium: str, page: str, tmp_path, fragment: str = "") -> tuple[dict, str]:
    html_path = tmp_path / "report.html"
    html_path.write_text(page.replace("<head>", "<head>\n" + PROBE, 1), encoding="utf-8")
    profile = tmp_path / "profile"  # a fresh profile each time: no state from earlier runs
    cmd = [chromium, *FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=10000", "--dump-dom"]
    proc = subprocess.run(
        cmd + [html_path.as_uri() + fragment], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    m = re.search(r'<pre id="probe">(.*?)</pre>', proc.stdout, re.S)
    assert m, f"the probe did not run; stderr: {proc.stderr[-2000:]}"
    return json.loads(m.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")), proc.stderr


def test_the_report_renders_in_a_browser(chromium, tmp_path):
    report = small_report()
    out, stderr = _probe(chromium, to_html(report), tmp_path)
    # discrimination and invariance: one paired plot each; human ratings: two scatters, one window plot
    assert out["images"] == 5 and out["decoded"] == 5
    n_cells = len(list(report.iter_verdicts()))
    assert out["cells"] == n_cells == 6 and out["cells_linked"] == n_cells
    assert out["tests"] == 3 and out["open_tests"] == 0  # the page opens short
    assert out["errors"] == [] and "Uncaught" not in stderr


def test_a_heat_map_link_opens_its_collapsed_test(chromium, tmp_path):
    out, _ = _probe(chromium, to_html(small_report()), tmp_path, "#test-typos")
    assert out["target_open"] is True and out["open_tests"] == 1 and out["errors"] == []
