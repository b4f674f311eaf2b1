# bash completion for siege(1).
# Written by tools/gen-refs from completions/siege.bash.in and the program's declarations: edit those, not this file.
#
# Installed as share/bash-completion/completions/siege; to try it from the
# source tree:  source completions/siege.bash
#
# Commands and options are read from the program's own --help when TAB is
# pressed, so they always match the siege being completed. Ids come from the
# tables in use ('siege list TABLE --format csv', first column), so --data
# DIR and SIEGE_DATA tables complete too; section, engine and unit ids from
# the file given with --state.

# The siege program to ask: the word being completed, if it runs.
_siege_program() {
    local p=${COMP_WORDS[0]}
    p=${p/#\~/$HOME}
    if command -v -- "$p" >/dev/null 2>&1; then printf '%s' "$p"; else printf 'siege'; fi
}

# Long options (kind "options") or subcommands (kind "subcommands") listed by
# `siege ARGS... --help`.
_siege_help_words() {
    local kind=$1
    shift
    "$@" --help 2>/dev/null | awk -v kind="$kind" '
        /^[^ ]/ { section = $0; next }
        kind == "options" && section == "Options:" && /^  -/ {
            n = split($1, names, ",")
            for (i = 1; i <= n; i++) if (names[i] ~ /^--/) print names[i]
        }
        kind == "subcommands" && section == "Subcommands:" && /^  [^ ]/ { print $1 }'
}

# Ids of one table: structures, weapons, charges or engines.
_siege_table_ids() {
    local table=$1
    shift
    "$@" list "$table" --format csv 2>/dev/null | awk -F, 'NR > 1 && $1 != "" { print $1 }'
}

# Ids of the objects in the first JSON array under KEY ("sections",
# "engines" or "units"): from `siege --state FILE --json status`, or else from FILE
# itself (both list each object with an "id" key). No jq needed.
_siege_state_ids() {
    local key=$1 file=$2
    shift 2
    [[ -r $file ]] || return 0
    local json
    json=$("$@" --state "$file" --json status 2>/dev/null) || json=$(cat -- "$file" 2>/dev/null)
    printf '%s' "$json" | tr -d '\n' | awk -v key="$key" '
        {
            s = $0
            i = index(s, "\"" key "\"")
            if (i == 0) exit
            s = substr(s, i + length(key) + 2)
            i = index(s, "[")
            if (i == 0) exit
            n = length(s)
            depth = 0; want = 0
            for (p = i; p <= n; p++) {
                c = substr(s, p, 1)
                if (c == "\"") {
                    q = p + 1
                    while (q <= n) {
                        d = substr(s, q, 1)
                        if (d == "\\") { q += 2; continue }
                        if (d == "\"") break
                        q++
                    }
                    str = substr(s, p + 1, q - p - 1)
                    p = q
                    if (depth != 2) continue
                    if (want) { print str; want = 0; continue }
                    rest = substr(s, p + 1, 8)
                    if (str == "id" && rest ~ /^[ \t]*:/) want = 1
                } else if (c == "[" || c == "{") {
                    depth++
                } else if (c == "]" || c == "}") {
                    depth--
                    if (depth == 0) exit
                }
            }
        }'
}

# The subcommands of `siege odds`, and the words (or numbers) each option's
# value may be: written from the program's declarations by tools/gen-refs,
# whose --check mode (a test) holds them to the program. Not asked at TAB
# time: the lists are fixed per build, and reading them here costs no run.
_siege_odds_subcommands="check attack demolish escalade mine scene"

# _siege_global_takes_value WORD: status 0 when WORD is a global option
# that takes a value (the next word is that value, not the command).
_siege_global_takes_value() {
    case $1 in
        --data | --seed | --state | --lock-wait | --color | --format)
            return 0 ;;
        *) return 1 ;;
    esac
}

# _siege_values 'CMD [SUB] --OPTION': REPLY set to the words its value may
# be, or to # for a number; status 1 when the declarations list none.
_siege_values() {
    case $1 in
        "check --difficulty" | "check -d" | "odds check --difficulty" | "odds check -d")
            REPLY="easy average hard daunting" ;;
        "check --pool" | "check --bane-dice" | "check --boon-dice" | "attack --hull-damage" | \
        "attack --pierce" | "attack --crit" | "attack --successes" | "attack --boons" | \
        "attack --spend-boons" | "attack --pool" | "attack --bane-dice" | "attack --boon-dice" | \
        "attack --damage-taken" | "odds --attacks" | "odds --pool" | "odds check --pool" | \
        "odds check --bane-dice" | "odds check --boon-dice" | "odds attack --hull-damage" | \
        "odds attack --pierce" | "odds attack --crit" | "odds attack --successes" | \
        "odds attack --boons" | "odds attack --spend-boons" | "odds attack --pool" | \
        "odds attack --bane-dice" | "odds attack --boon-dice" | "odds attack --damage-taken" | \
        "odds attack --attacks" | "odds demolish --damage-taken" | \
        "odds demolish --craft-successes" | "odds demolish --pool" | "odds escalade --attackers" | \
        "odds escalade --ladders" | "odds escalade --ropes" | "odds escalade --rounds" | \
        "odds escalade --damage-taken" | "odds escalade --pool" | "odds mine --days-dug" | \
        "odds mine --days" | "odds mine --damage-taken" | "odds mine --sapper-pool" | \
        "odds mine --defender-pool" | "odds scene --scenes" | "hold --needed" | "hold --rolled" | \
        "hold --unprotected-in-contact" | "hold --figures" | "hold --enemy-figures" | \
        "rout --figures" | "rout --room-figures" | "rout --blocked" | "army-morale --strength" | \
        "army-morale --killed" | "abatis --progress" | "casualties --through" | \
        "casualties --behind" | "casualties --killed" | "move --speed" | "move --figures" | \
        "add --figures" | "add --pool" | "add --hull-suffered" | "split --figures" | \
        "split --through" | "demolish --damage-taken" | "demolish --craft-successes" | \
        "demolish --pool" | "mine --days-dug" | "mine --days" | "mine --damage-taken" | \
        "mine --sapper-pool" | "mine --defender-pool" | "escalade --attackers" | \
        "escalade --ladders" | "escalade --ropes" | "escalade --rounds" | \
        "escalade --damage-taken" | "escalade --pool" | "advise --scenes" | \
        "sortie --hull-damage" | "sortie --pierce" | "sortie --crit" | "sortie --successes" | \
        "sortie --boons" | "sortie --spend-boons" | "sortie --pool" | "sortie --bane-dice" | \
        "sortie --boon-dice" | "damage --hull" | "repair --hull" | "undo --count" | "undo --to" | \
        "redo --count" | "chronicle --scenes")
            REPLY='#' ;;
        "attack --mount" | "odds attack --mount" | "sortie --mount")
            REPLY="personal light standard heavy capital" ;;
        "attack --ladder" | "odds attack --ladder")
            REPLY="hull steps" ;;
        "attack --from" | "odds attack --from")
            REPLY="intact cracked" ;;
        "odds escalade --method" | "odds escalade -m" | "escalade --method" | "escalade -m")
            REPLY="ladder grapnel tower" ;;
        "hold --order" | "rout --order")
            REPLY="good shaken routed" ;;
        "hold --site")
            REPLY="breach gateway doorway window wall-top rampart parapet breastwork corridor bridge passage" ;;
        "rout --side" | "army-morale --side" | "add --side")
            REPLY="besieger defender attacker" ;;
        "move --to" | "add --to")
            REPLY="outside within-walls" ;;
        "order --set")
            REPLY="good shaken routed" ;;
        "add --order")
            REPLY="good shaken" ;;
        "advise --side")
            REPLY="besieger defender" ;;
        "countermine --result")
            REPLY="collapsed failed" ;;
        "init --scene-length")
            REPLY="day week" ;;
        "chronicle --view" | "serve --view")
            REPLY="players referee" ;;
        *) return 1 ;;
    esac
}

# WORD as the shell will read it, for the file name generator: a leading
# quote, or the backslashes of `my\ file`, removed.
_siege_dequote() {
    local s=$1 out=''
    case $s in
        \'*)
            s=${s#\'}
            printf '%s' "${s%\'}"
            return ;;
        \"*)
            s=${s#\"}
            s=${s%\"} ;;
    esac
    while [[ $s == *\\* ]]; do
        out+=${s%%\\*}
        s=${s#*\\}
        out+=${s:0:1}
        s=${s:1}
    done
    printf '%s' "$out$s"
}

# COMPREPLY: the file (KIND -f) or folder (KIND -d) names that start with
# WORD, one candidate each however many spaces it holds; bash quotes them
# and adds a slash to folders (compopt -o filenames).
_siege_reply_files() {
    local kind=$1 word
    word=$(_siege_dequote "$2")
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen "$kind" -- "$word")
}

# COMPREPLY: the words of the list WORDS that start with WORD, each with
# PREFIX put before it.
_siege_reply_words() {
    local words=$1 word=$2 prefix=${3-}
    mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$words" -- "$word")
}

_siege() {
    COMPREPLY=()
    local siege
    siege=$(_siege_program)

    # The words before the one being completed, with `--opt=VALUE` read as
    # `--opt VALUE`: bash splits it into `--opt`, `=` and VALUE when `=` is
    # in COMP_WORDBREAKS (the default), and leaves it whole otherwise.
    local -a args=()
    local i w
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        if [[ $w == = && ${#args[@]} -gt 0 && ${args[-1]} == --* ]]; then
            continue
        elif [[ $w == --*=* ]]; then
            args+=("${w%%=*}" "${w#*=}")
        else
            args+=("$w")
        fi
    done
    # The word being completed. After `--opt=` it is the value: empty when
    # bash handed over the `=` itself, and when `--opt=VALUE` came whole the
    # replies keep `--opt=` before them (PREFIX), since they replace it all.
    local cur=${COMP_WORDS[COMP_CWORD]} prefix=''
    if [[ $cur == = && ${#args[@]} -gt 0 && ${args[-1]} == --* ]]; then
        cur=''
    elif [[ $cur == --*=* ]]; then
        args+=("${cur%%=*}")
        prefix=${cur%%=*}=
        cur=${cur#*=}
    fi
    local prev=''
    ((${#args[@]} > 0)) && prev=${args[-1]}

    # The command (and odds' subcommand), the words after `help` (the
    # command and subcommand it is asked about), and the global options that
    # change what the ids are: --data DIR and --state FILE.
    local cmd='' sub='' data='' state='' n=${#args[@]}
    local -a helped=()
    for ((i = 0; i < n; i++)); do
        w=${args[i]}
        case $w in
            -*)
                _siege_global_takes_value "$w" || continue
                ((i + 1 < n)) || break
                [[ $w == --data ]] && data=$(_siege_dequote "${args[i + 1]}")
                [[ $w == --state ]] && state=$(_siege_dequote "${args[i + 1]}")
                ((i++))
                ;;
            *)
                if [[ -z $cmd ]]; then
                    cmd=$w
                elif [[ $cmd == help ]]; then
                    helped+=("$w")
                elif [[ $cmd == odds && -z $sub && " $_siege_odds_subcommands " == *" $w "* ]]; then
                    sub=$w
                fi
                ;;
        esac
    done
    local -a run=("$siege")
    [[ -n $data ]] && run+=(--data "${data/#\~/$HOME}")
    state=${state/#\~/$HOME}

    local words=''
    case $prev in
        --structure | -s | --structures)
            words=$(_siege_table_ids structures "${run[@]}") ;;
        --weapon | -w | --weapons)
            words=$(_siege_table_ids weapons "${run[@]}") ;;
        --charge | -c)
            words=$(_siege_table_ids charges "${run[@]}") ;;
        --section)
            words=$(_siege_state_ids sections "$state" "${run[@]}") ;;
        --engine)
            words=$(_siege_state_ids engines "$state" "${run[@]}") ;;
        --unit | --enemy)
            words=$(_siege_state_ids units "$state" "${run[@]}") ;;
        --data)
            _siege_reply_files -d "$cur"
            return 0 ;;
        --state)
            _siege_reply_files -f "$cur"
            return 0 ;;
        --from | -o | --output)
            if [[ $cmd == init || $cmd == chronicle ]]; then
                _siege_reply_files -f "$cur"
                return 0
            fi ;;
        --color) words="auto always never" ;;
        --format) words="text markdown csv json html" ;;
        --listen) words="127.0.0.1:8080 0.0.0.0:8080" ;; # examples, not a list
        --seed | --lock-wait | --day-results | --successes-per-round)
            return 0 ;; # a number (or the referee's list of them): nothing to offer
    esac
    # The declared words of the option's value (a number: nothing to offer).
    local REPLY
    if [[ -z $words && $prev == -* ]] && _siege_values "$cmd${sub:+ $sub} $prev"; then
        [[ $REPLY == '#' ]] && return 0
        words=$REPLY
    fi
    if [[ -n $words ]]; then
        if [[ $prev == --weapons || $prev == --structures ]] && [[ $cur == *,* ]]; then
            # A comma-separated list: complete its last item.
            _siege_reply_words "$words" "${cur##*,}" "$prefix${cur%,*},"
        else
            _siege_reply_words "$words" "$cur" "$prefix"
        fi
        return 0
    fi

    if [[ $cmd == help ]]; then
        # siege help [--inputs] COMMAND [SUBCOMMAND]: the commands, then
        # odds' subcommands.
        if [[ $cur == -* ]]; then
            words="--inputs --json"
        elif ((${#helped[@]} == 0)); then
            words=$(_siege_help_words subcommands "$siege")
        elif [[ ${#helped[@]} -eq 1 && ${helped[0]} == odds ]]; then
            words=$_siege_odds_subcommands
        fi
        [[ -n $words ]] && _siege_reply_words "$words" "$cur"
        return 0
    fi

    if [[ $cur == -* ]]; then
        local -a cmdpath=()
        [[ -n $cmd ]] && cmdpath+=("$cmd")
        [[ -n $sub ]] && cmdpath+=("$sub")
        words="$(_siege_help_words options "$siege" "${cmdpath[@]}")"
        # Global options are accepted after the command too.
        [[ -n $cmd ]] && words+=" $(_siege_help_words options "$siege")"
        _siege_reply_words "$words" "$cur"
        return 0
    fi

    case $cmd in
        "") words="$(_siege_help_words subcommands "$siege") help" ;;
        list) words="structures weapons charges engines" ;;
        show) # an id may be in several tables (trebuchet: a weapon and an engine)
            words=$(for t in structures weapons charges engines; do _siege_table_ids $t "${run[@]}"; done | sort -u) ;;
        abatis) words="build tear" ;;
        odds) [[ -z $sub ]] && words=$_siege_odds_subcommands ;;
        init | play | serve)
            _siege_reply_files -f "$cur"
            return 0 ;;
    esac
    [[ -n $words ]] && _siege_reply_words "$words" "$cur"
    return 0
}

complete -F _siege siege
