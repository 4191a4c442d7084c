"""Helpers for print tests: run `rollsheet print` into a folder, decode QR codes, check PDFs."""
from __future__ import annotations

import subprocess
from pathlib import Path


def print_into(out: Path, game: str, *options: str) -> Path:
    """`rollsheet print GAME OPTIONS... --out OUT` in-process, asserting it succeeded; the folder."""
    from typer.testing import CliRunner

    from sheets.cli import app

    result = CliRunner().invoke(app, ["print", game, *options, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def render_png(pdf: Path, out_dir: Path, dpi: int = 150) -> list[Path]:
    """Every page of the PDF as a PNG (pdftoppm)."""
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(out_dir / pdf.stem)], check=True)
    return sorted(out_dir.glob(f"{pdf.stem}*.png"))


def decode_qr(png: Path) -> list[str]:
    """The QR codes zbarimg finds in an image."""
    done = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
    return done.stdout.split()


def qpdf_check(pdf: Path) -> subprocess.CompletedProcess:
    """qpdf's structural check of a PDF."""
    return subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
