"""Every `pnp` command spells an option the same way, and `pnp` finds its content from wherever it is run."""
from __future__ import annotations

import json
import re
import os
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import typer
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parents[1]
PNP = Path(sys.executable).with_name("pnp")


def every_command() -> dict:
    """`pnp`'s commands by their full name (`travel simulate`), the lazily loaded game groups included."""
    found: dict = {}

    def walk(command, name: str, ctx: typer.Context) -> None:
        found[name] = command
        if hasattr(command, "list_commands"):
            for sub in command.list_commands(ctx):
                walk(command.get_command(ctx, sub), f"{name} {sub}".strip(), typer.Context(command, parent=ctx))

    root = typer.main.get_command(app)
    walk(root, "", typer.Context(root))
    return found


def options_named(flag: str) -> dict:
    return {name: option for name, command in every_command().items() for option in command.params
            if option.param_type_name == "option" and flag in option.opts}


def test_every_command_is_found():
    assert {"build", "check", "lint", "schema", "threesixteen call", "threesixteen simulate", "threesixteen solve",
            "travel simulate"} <= set(every_command())


#: every command with --format, with what else it needs to get as far as reading the option
FORMAT_USERS = {"lint": [], "check": [str(ROOT / "examples" / "threesixteen-solo.yaml")],
                "threesixteen simulate": [], "threesixteen solve": ["--seed", "1"], "travel simulate": [],
                "travel balance": []}


def refused(args: list[str]) -> str:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    return " ".join(result.output.replace("│", " ").split())


def test_format_strategy_and_bot_are_choices_everywhere():
    assert set(options_named("--format")) == set(FORMAT_USERS)
    for command, needs in FORMAT_USERS.items():
        assert "'xml' is not one of 'text', 'json'" in refused([*command.split(), *needs, "--format", "xml"]), command
    assert "'lucky' is not one of 'naive', 'strong'" in refused(["threesixteen", "simulate", "--strategy", "lucky"])
    assert "'clever' is not one of 'greedy', 'random'" in refused(["travel", "simulate", "--bot", "clever"])


def test_one_name_per_concept():
    assert not options_named("--plot")
    # the commands that read the content may be pointed at a user's own
    assert {"build", "check", "lint", "schema", "threesixteen call", "threesixteen simulate",
            "travel simulate", "travel balance"} <= set(options_named("--content"))
    # the folder charts go to: --out wherever a command draws any (balance writes its page there too)
    assert not options_named("--plots")
    assert {"threesixteen simulate", "travel simulate", "travel balance"} <= set(options_named("--out"))


def test_lang_help_lists_the_languages_found(tmp_path: Path):
    assert {"build", "check", "threesixteen call", "threesixteen simulate", "threesixteen solve",
            "travel simulate"} <= set(options_named("--lang"))
    shutil.copytree(ROOT / "content", tmp_path / "content")
    shutil.copy2(tmp_path / "content" / "common" / "en.yaml", tmp_path / "content" / "common" / "ja.yaml")
    for command in options_named("--lang"):
        shown = run_pnp(*command.split(), "--help", cwd=tmp_path, COLUMNS="200").stdout
        assert "en, ja, ko" in " ".join(shown.replace("│", " ").split()), command


def run_pnp(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(PNP), *args], cwd=cwd, capture_output=True, text=True, env={**os.environ, **env})


def test_version_and_python_m_generator(tmp_path: Path):
    expected = f"pnp {version('generator')}\n"
    assert run_pnp("--version", cwd=tmp_path).stdout == expected
    module = subprocess.run([sys.executable, "-m", "generator", "--version"], cwd=tmp_path, capture_output=True,
                            text=True)
    assert (module.returncode, module.stdout) == (0, expected)


def test_shell_completion_knows_commands_and_the_lazy_game_groups(tmp_path: Path):
    def complete(words: str) -> list[str]:
        result = run_pnp(cwd=tmp_path, _PNP_COMPLETE="complete_bash", COMP_WORDS=words,
                         COMP_CWORD=str(len(words.split()) - 1))
        return result.stdout.split()

    assert complete("pnp bu") == ["build"]
    assert complete("pnp travel si") == ["simulate"]
    # as typed in bash: the shell is found from the process tree (`; true` keeps bash from exec-ing pnp), so the test
    # does not depend on whether pytest itself runs under a shell (nohup or CI may start it without one)
    script = subprocess.run(["bash", "-c", '"$0" --show-completion; true', str(PNP)], cwd=tmp_path,
                            capture_output=True, text=True)
    assert "complete -o default -F _pnp_completion pnp" in script.stdout, script.stderr


def test_a_content_folder_in_the_working_directory_is_the_one_used(tmp_path: Path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    english = tmp_path / "content" / "travel" / "en.yaml"
    text = english.read_text(encoding="utf-8")
    english.write_text(text + "\nnot_a_travel_key: 1\n", encoding="utf-8")
    line = len(text.splitlines()) + 2
    result = run_pnp("lint", cwd=tmp_path)
    assert result.returncode == 1
    errors = [out for out in result.stdout.splitlines() if ": error: " in out]
    assert errors[0].endswith(f"missing text 'not_a_travel_key' (in en: line {line}) [missing-key]")


def test_copy_writes_the_shipped_folder_once(tmp_path: Path):
    result = run_pnp("copy", "content", cwd=tmp_path)
    assert (result.returncode, result.stdout.splitlines()[0]) == (0, "copied pnp's content to content/")
    copied = sorted(p.relative_to(tmp_path / "content") for p in (tmp_path / "content").rglob("*") if p.is_file())
    assert copied == sorted(p.relative_to(ROOT / "content") for p in (ROOT / "content").rglob("*") if p.is_file())
    again = run_pnp("copy", "content", cwd=tmp_path)
    assert (again.returncode, again.stderr) == (2, "Error: content already exists; choose another folder with "
                                                   "--output\n")
    assert run_pnp("lint", cwd=tmp_path).returncode == 0  # the copy is the content now used


def test_the_balance_lab_needs_no_scipy(monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy", None)  # any import of SciPy now fails
    result = CliRunner().invoke(app, ["travel", "balance", "--games", "2", "--players", "2", "--extensions", "none",
                                      "--workers", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output[:result.output.rindex("}") + 1])["configurations"][0]["games"] == 2


def complete(words: str, cwd: Path) -> list[str]:
    """What bash completion offers for the last word of `words` (a trailing space: a new, empty word)."""
    parts = words.split()
    index = len(parts) if words.endswith(" ") else len(parts) - 1
    result = run_pnp(cwd=cwd, _PNP_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(index))
    return result.stdout.split()


def test_lang_game_and_paper_complete_their_values_as_bot_does(tmp_path: Path):
    """The values the content holds are offered in the shell, from the content a command would use (its
    --content when typed): languages for every --lang, games and papers for the build."""
    assert complete("pnp travel simulate --bot ", tmp_path) == ["greedy", "random", "strong"]
    for command in ("build", "check game.yaml", "threesixteen solve", "travel balance", "lint", "studio"):
        assert complete(f"pnp {command} --lang ", tmp_path) == ["en", "ja", "ko"], command
    assert complete("pnp build --lang k", tmp_path) == ["ko"]
    assert complete("pnp build --game ", tmp_path) == ["threesixteen", "travel"]
    assert complete("pnp build --paper ", tmp_path) == ["a4", "letter"]
    own = tmp_path / "mine"
    shutil.copytree(ROOT / "content", own)
    shutil.copy2(own / "common" / "en.yaml", own / "common" / "fr.yaml")
    assert complete(f"pnp build --content {own} --lang ", tmp_path) == ["en", "fr", "ja", "ko"]


#: every command with --lang, with what else it needs to get as far as reading the content's languages
LANG_USERS = {"build": ["--output", "{tmp}/out"], "check": [str(ROOT / "examples" / "threesixteen-solo.yaml")],
              "threesixteen call": ["--out", "{tmp}/game.yaml"], "threesixteen simulate": ["--games", "1"],
              "threesixteen solve": ["--seed", "1", "--nodes", "0"], "travel simulate": ["--games", "1"],
              "travel balance": ["--games", "1"], "studio": ["--output", "{tmp}/out"], "lint": []}


def test_an_unknown_language_is_the_same_usage_error_in_every_command(tmp_path: Path):
    """`pnp build --lang xx` said "unknown language 'xx' (choose from: ...)", `pnp check --lang xx` "unknown
    language 'xx'; available: ...", each on a plain line; now every command says what Click says of any choice,
    in the same box, with exit 2."""
    assert set(LANG_USERS) == set(options_named("--lang"))
    said = {}
    for command, needs in LANG_USERS.items():
        args = [*command.split(), *(arg.format(tmp=tmp_path) for arg in needs), "--lang", "xx"]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2, (command, result.output)
        assert not (tmp_path / "out" / "studio").exists()  # a usage error makes nothing
        words = " ".join(result.output.replace("│", " ").replace("╭", " ").replace("╰", " ").split())
        said[command] = words[words.index("Invalid value"):].rstrip("─╯ ")
    assert set(said.values()) == {"Invalid value for '--lang': 'xx' is not one of 'en', 'ja', 'ko'."}, said
    for option, value, choices in (("--game", "chess", "'threesixteen', 'travel'"),
                                   ("--paper", "a3", "'a4', 'letter'")):
        result = CliRunner().invoke(app, ["build", option, value, "--output", str(tmp_path / "out")])
        assert result.exit_code == 2
        assert f"Invalid value for '{option}': '{value}' is not one of {choices}." in " ".join(
            result.output.replace("│", " ").split())


def test_copy_says_what_to_do_next_with_commands_that_work_as_typed(tmp_path: Path):
    """`pnp copy content` ended on "copied pnp's content to content/": now it says what the copy is for and the
    commands that use it, as typed from where it was run (with --content for a folder found without it only here),
    and they work."""
    said = run_pnp("copy", "content", cwd=tmp_path).stdout.splitlines()
    assert said[1] == ("Next: every pnp command run in this folder now uses content/. Edit its texts "
                       "(content/<game>/<lang>.yaml) or add a language (copy each en.yaml to <lang>.yaml), then run "
                       "`pnp lint` to check your edits and `pnp build` to make the PDFs from them.")
    elsewhere = run_pnp("copy", "content", "--output", "mine", cwd=tmp_path).stdout.splitlines()[1]
    assert elsewhere.startswith("Next: give --content mine to any command to use it.")
    commands = re.findall(r"`pnp ([^`]+)`", elsewhere)
    assert commands == ["lint --content mine", "build --content mine"]
    assert run_pnp(*commands[0].split(), cwd=tmp_path).returncode == 0
    examples = run_pnp("copy", "examples", cwd=tmp_path).stdout.splitlines()[1]
    for command in re.findall(r"`pnp ([^`]+)`", examples):
        assert run_pnp(*command.split(), cwd=tmp_path).returncode in (0, 1), command  # a valid and a broken record
    assert len(re.findall(r"`pnp check ", examples)) == 2
