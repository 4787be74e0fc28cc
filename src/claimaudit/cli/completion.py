"""``claimaudit completion bash|zsh|fish``: a shell completion script, generated from the parser.

Install: ``eval "$(claimaudit completion bash)"`` in ~/.bashrc; ``claimaudit completion zsh >
"${fpath[1]}/_claimaudit"``; ``claimaudit completion fish > ~/.config/fish/completions/claimaudit.fish``.
The scripts complete subcommands, their options and the choices of options that have them;
everything else falls back to file names. They are built from the same argparse parser the
command uses, so they never drift from it.
"""

from __future__ import annotations

import argparse
import sys

SHELLS = ("bash", "zsh", "fish")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("completion", help="print a shell completion script (bash, zsh or fish)",
                       description="Print a completion script: eval \"$(claimaudit completion bash)\" in ~/.bashrc; "
                                   "claimaudit completion zsh > \"${fpath[1]}/_claimaudit\"; "
                                   "claimaudit completion fish > ~/.config/fish/completions/claimaudit.fish")
    p.add_argument("shell", choices=SHELLS)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def commands(parser: argparse.ArgumentParser) -> dict[str, dict[str, list[str]]]:
    """Subcommand -> {option: choices}; "" is the top level. Nested actions (sources list) count as
    choices of the subcommand's first positional word, under the key "ACTION"."""
    out: dict[str, dict[str, list[str]]] = {}

    def options(p: argparse.ArgumentParser) -> dict[str, list[str]]:
        opts: dict[str, list[str]] = {}
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                opts["ACTION"] = sorted(a.choices)
                continue
            if a.help == argparse.SUPPRESS:
                continue
            if not a.option_strings and a.choices:
                opts["ARG"] = [str(c) for c in a.choices]
            for o in a.option_strings:
                opts[o] = [str(c) for c in a.choices] if a.choices else []
        return opts

    out[""] = options(parser)
    for name, p in _subparsers(parser).items():
        out[name] = options(p)
    return out


def _helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {c.dest: (c.help or "") for c in action._choices_actions}
    return {}


def bash(parser: argparse.ArgumentParser) -> str:
    cmds = commands(parser)
    names = " ".join(n for n in cmds if n)
    cases = []
    for name, opts in cmds.items():
        if not name:
            continue
        words = " ".join([o for o in opts if o.startswith("-")] + opts.get("ACTION", []) + opts.get("ARG", []))
        choice_cases = "".join(f"        {o}) COMPREPLY=($(compgen -W '{' '.join(c)}' -- \"$cur\")); return;;\n"
                               for o, c in opts.items() if o.startswith("-") and c)
        cases.append(f"    {name})\n      case \"$prev\" in\n{choice_cases}      esac\n"
                     f"      COMPREPLY=($(compgen -W '{words}' -- \"$cur\") $(compgen -f -- \"$cur\"));;\n")
    return ("# claimaudit bash completion: eval \"$(claimaudit completion bash)\"\n"
            "_claimaudit() {\n"
            "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" cmd=\"\" i\n"
            "  for ((i=1; i<COMP_CWORD; i++)); do\n"
            "    case \"${COMP_WORDS[i]}\" in -*) ;; *) cmd=\"${COMP_WORDS[i]}\"; break;; esac\n"
            "  done\n"
            "  case \"$cmd\" in\n"
            f"    \"\") COMPREPLY=($(compgen -W '{names} --version --help' -- \"$cur\"));;\n"
            + "".join(cases) +
            "  esac\n"
            "}\n"
            "complete -o filenames -F _claimaudit claimaudit\n")


def _zsh_quote(s: str) -> str:
    return s.replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def zsh(parser: argparse.ArgumentParser) -> str:
    cmds = commands(parser)
    helps = _helps(parser)
    described = " ".join(f"'{n}:{_zsh_quote(helps.get(n, ''))}'" for n in cmds if n)
    cases = []
    for name, opts in cmds.items():
        if not name:
            continue
        specs = []
        for o, choices in opts.items():
            if not o.startswith("-"):
                continue
            specs.append(f"'{o}[]:value:({' '.join(choices)})'" if choices else f"'{o}[]'")
        words = opts.get("ACTION", []) + opts.get("ARG", [])
        specs.append(f"'*:argument:({' '.join(words)})'" if words else "'*:file:_files'")
        cases.append(f"    {name}) _arguments {' '.join(specs)};;\n")
    return ("#compdef claimaudit\n"
            "# claimaudit zsh completion: claimaudit completion zsh > \"${fpath[1]}/_claimaudit\"\n"
            "_claimaudit() {\n"
            "  local -a cmds\n"
            f"  cmds=({described})\n"
            "  if (( CURRENT == 2 )); then _describe 'command' cmds; return; fi\n"
            "  case \"$words[2]\" in\n"
            + "".join(cases) +
            "    *) _files;;\n"
            "  esac\n"
            "}\n"
            "compdef _claimaudit claimaudit\n")


def _fish_quote(s: str) -> str:
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def fish(parser: argparse.ArgumentParser) -> str:
    cmds = commands(parser)
    helps = _helps(parser)
    names = " ".join(n for n in cmds if n)
    lines = ["# claimaudit fish completion: claimaudit completion fish > ~/.config/fish/completions/claimaudit.fish",
             "complete -c claimaudit -f"]
    for name in cmds:
        if name:
            lines.append(f"complete -c claimaudit -n 'not __fish_seen_subcommand_from {names}' -a {name} "
                         f"-d {_fish_quote(helps.get(name, ''))}")
    for name, opts in cmds.items():
        if not name:
            continue
        cond = f"-n '__fish_seen_subcommand_from {name}'"
        for o, choices in opts.items():
            if o in ("ACTION", "ARG"):
                lines.append(f"complete -c claimaudit {cond} -a {_fish_quote(' '.join(choices))}")
                continue
            flag = f"-l {o[2:]}" if o.startswith("--") else f"-s {o[1:]}"
            extra = f" -x -a {_fish_quote(' '.join(choices))}" if choices else ""
            lines.append(f"complete -c claimaudit {cond} {flag}{extra}")
        lines.append(f"complete -c claimaudit {cond} -F")
    return "\n".join(lines) + "\n"


def main(args: argparse.Namespace) -> int:
    from .main import build_parser

    parser = build_parser()
    sys.stdout.write({"bash": bash, "zsh": zsh, "fish": fish}[args.shell](parser))
    return 0
