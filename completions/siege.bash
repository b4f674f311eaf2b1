# bash completion for siege(1).
#
# Installed as share/bash-completion/completions/siege; to try it from the
# source tree:  source completions/siege.bash
#
# Commands and options are read from the program's own --help when TAB is
# pressed, so they always match the siege being completed. Ids come from the
# tables in use ('siege list TABLE --format csv', first column), so --data
# DIR and SIEGE_DATA tables complete too; section and engine ids from the
# file given with --state.

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

# Ids of the objects in the first JSON array under KEY ("sections" or
# "engines"): from `siege --state FILE --json status`, or else from FILE
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

# The subcommands of `siege odds` (tests/test_manpage.cpp holds this list to
# the program's).
_siege_odds_subcommands="check attack demolish escalade mine scene"

_siege() {
    local cur=${COMP_WORDS[COMP_CWORD]}
    local prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    local siege
    siege=$(_siege_program)
    COMPREPLY=()

    # The command (and odds' subcommand), and the global options that change
    # what the ids are: --data DIR and --state FILE.
    local cmd= sub= data= state= i w
    local -a run=("$siege")
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        case $w in
            --data | --state | --seed | --color | --format)
                ((i + 1 < COMP_CWORD)) || break
                [[ $w == --data ]] && data=${COMP_WORDS[i + 1]}
                [[ $w == --state ]] && state=${COMP_WORDS[i + 1]}
                ((i++))
                ;;
            -*) ;;
            *)
                if [[ -z $cmd ]]; then
                    cmd=$w
                elif [[ $cmd == odds && -z $sub && " $_siege_odds_subcommands " == *" $w "* ]]; then
                    sub=$w
                fi
                ;;
        esac
    done
    [[ -n $data ]] && run+=(--data "${data/#\~/$HOME}")
    state=${state/#\~/$HOME}

    local words=
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
        --data)
            COMPREPLY=($(compgen -d -- "$cur"))
            return 0 ;;
        --state)
            COMPREPLY=($(compgen -f -- "$cur"))
            return 0 ;;
        --from)
            if [[ $cmd == init ]]; then
                COMPREPLY=($(compgen -f -- "$cur"))
                return 0
            fi
            words="intact cracked" ;;
        --color) words="auto always never" ;;
        --format) words="text markdown csv json" ;;
        --difficulty | -d) words="easy average hard daunting" ;;
        --mount) words="personal light standard heavy capital" ;;
        --ladder) words="hull steps" ;;
        --order) words="good shaken" ;;
        --side) words="defender attacker" ;;
        --site) words="breach gateway doorway window wall-top rampart parapet breastwork" ;;
        --method | -m) words="ladder grapnel tower" ;;
        --seed | --pool | --bane-dice | --boon-dice | --hull-damage | --pierce | --crit | \
            --successes | --boons | --spend-boons | --damage-taken | --attacks | --needed | \
            --rolled | --figures | --enemy-figures | --unprotected-in-contact | --room-figures | \
            --blocked | --strength | --killed | --progress | --through | --behind | --speed | \
            --craft-successes | --days | --days-dug | --sapper-pool | --defender-pool | \
            --attackers | --ladders | --ropes | --rounds | --day-results | --successes-per-round | \
            --scenes)
            return 0 ;; # a number (or the referee's list of them): nothing to offer
    esac
    if [[ -n $words ]]; then
        if [[ $prev == --weapons || $prev == --structures ]] && [[ $cur == *,* ]]; then
            # A comma-separated list: complete its last item.
            COMPREPLY=($(compgen -P "${cur%,*}," -W "$words" -- "${cur##*,}"))
        else
            COMPREPLY=($(compgen -W "$words" -- "$cur"))
        fi
        return 0
    fi

    if [[ $cur == -* ]]; then
        local -a cmdpath=()
        [[ -n $cmd ]] && cmdpath+=("$cmd")
        [[ -n $sub ]] && cmdpath+=("$sub")
        words="$(_siege_help_words options "$siege" "${cmdpath[@]}")"
        # Global options are accepted after the command too.
        [[ -n $cmd ]] && words+=" $(_siege_help_words options "$siege")"
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        return 0
    fi

    case $cmd in
        "") words=$(_siege_help_words subcommands "$siege") ;;
        list) words="structures weapons charges engines" ;;
        show) # an id may be in several tables (trebuchet: a weapon and an engine)
            words=$(for t in structures weapons charges engines; do _siege_table_ids $t "${run[@]}"; done | sort -u) ;;
        abatis) words="build tear" ;;
        odds) [[ -z $sub ]] && words=$_siege_odds_subcommands ;;
        init)
            COMPREPLY=($(compgen -f -- "$cur"))
            return 0 ;;
    esac
    [[ -n $words ]] && COMPREPLY=($(compgen -W "$words" -- "$cur"))
    return 0
}

complete -F _siege siege
