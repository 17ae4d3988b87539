"""`pnp studio`: start the local web app, print where it is (and, with --lan, a QR code), open the browser.

The web libraries are imported only when the command runs, so every other command starts as fast as before; a
plain install without them is told which extra to install (exit 2).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from ..cli_options import content_option, lang_option, not_one_of
from ..errors import EXIT_INVALID, EXIT_USAGE, InputError

if TYPE_CHECKING:
    import socket

#: Ctrl-C ends the server as it ends every command (README, exit codes)
EXIT_INTERRUPTED = 130
TOKEN_BYTES = 16


def studio_cmd(
    port: int = typer.Option(0, "--port", min=0, max=65535, help="Port to listen on (default: a free one)."),
    lan: bool = typer.Option(False, "--lan", help="Listen on the local network too, for other phones at the "
                             "table: prints an address and a QR code that carry a random token; without it "
                             "nothing is served."),
    browser: bool = typer.Option(True, "--browser/--no-browser", help="Open the studio in the browser."),
    lang: str = lang_option("Language of the pages (each page can switch)"),
    output: Path = typer.Option(Path("output"), "--output", file_okay=False,
                                help="Output folder: the caller's saves go to its studio/ folder."),
    content_dir: Optional[Path] = content_option(),
) -> None:
    """Open the studio: every card as you edit it, the 3x16 caller for a phone, and checking a game step by step,
    in the browser (http://127.0.0.1 only, unless --lan)."""
    try:
        import segno
        import uvicorn

        from .app import Settings, create_app
    except ImportError as exc:
        typer.echo(f"Error: pnp studio needs its web libraries ({exc.name} is missing): "
                   "pip install 'generator[studio]'", err=True)
        raise typer.Exit(EXIT_USAGE) from None
    from ..content.folders import default_root, languages, require_content_folder
    from ..files import make_folder

    root = content_dir or default_root()
    try:
        require_content_folder(root)
        if lang not in languages(root):  # the usage error every command gives, before anything is made
            raise not_one_of("--lang", lang, languages(root))
        make_folder(output / "studio")
    except InputError as exc:
        for diagnostic in exc.diagnostics:
            typer.echo(str(diagnostic), err=True)
        raise typer.Exit(EXIT_INVALID) from None
    listener = _listen("0.0.0.0" if lan else "127.0.0.1", port)
    port = listener.getsockname()[1]
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
    token = share = None
    local = f"http://127.0.0.1:{port}/"
    if lan:
        import secrets

        token = secrets.token_urlsafe(TOKEN_BYTES)
        address = lan_address()
        hosts.add(f"{address}:{port}")
        share = f"http://{address}:{port}/table?token={token}"
        local = f"http://127.0.0.1:{port}/?token={token}"
    settings = Settings(root, output, lang, frozenset(hosts), token, share or "")
    config = uvicorn.Config(create_app(settings), log_level="critical", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    typer.echo(f"pnp studio: {local}")
    if share:
        typer.echo(f"On other phones at the table: {share}")
        segno.make(share, error="m").terminal(out=sys.stdout, compact=True)
    typer.echo("Ctrl-C stops it.")
    if browser:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (local,)).start()
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:
        pass
    raise typer.Exit(EXIT_INTERRUPTED if server.should_exit else 0)


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (port 0: a free one); a port in use is a usage error."""
    import socket

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        typer.echo(f"Error: cannot listen on port {port} ({exc.strerror or exc}); choose another with --port, "
                   "or leave --port out for a free one", err=True)
        raise typer.Exit(EXIT_USAGE) from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def lan_address() -> str:
    """This machine's address on the local network, as other devices reach it (its name's address that is not a
    loopback one), else 127.0.0.1."""
    import socket

    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return "127.0.0.1"
    addresses = [info[4][0] for info in found if not str(info[4][0]).startswith("127.")]
    return str(addresses[0]) if addresses else "127.0.0.1"
