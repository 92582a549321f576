#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The part of the bash and zsh scripts they share: POSIX `case` tables generated from the
/// catalog, answering what a command offers.
enum ShellScript {
  /// `_coins_subcommands`, `_coins_options`, `_coins_option_values` (status 1 for an option
  /// that takes no value) and `_coins_argument_values`.
  static func tables(_ table: CompletionTable) -> String {
    var lines = ["_coins_subcommands() {", "  case \"$1\" in"]
    for entry in table.entries where !entry.subcommands.isEmpty {
      lines.append("    \(quoted(entry.path))) echo \(quoted(entry.subcommands)) ;;")
    }
    if let root = table.entries.first {
      lines.append("    help) echo \(quoted(root.spec.subcommands.compactMap(\.path.last))) ;;")
    }
    lines += ["  esac", "}", "", "_coins_options() {", "  case \"$1\" in"]
    for entry in table.entries {
      lines.append("    \(quoted(entry.path))) echo \(quoted(entry.optionNames)) ;;")
    }
    lines += ["  esac", "}", "", "_coins_option_values() {", "  case \"$1 $2\" in"]
    for entry in table.entries {
      for (name, option) in entry.valuedNames {
        let words = CompletionTable.words(option.completion)
        lines.append("    \(quoted(entry.path + " " + name))) echo \(quoted(words)) ;;")
      }
    }
    lines += ["    *) return 1 ;;", "  esac", "}", "", "_coins_argument_values() {"]
    lines.append("  case \"$1 $2\" in")
    for entry in table.entries {
      for (index, argument) in entry.spec.arguments.enumerated() {
        let words = CompletionTable.words(argument.completion)
        guard !words.isEmpty else { continue }
        let pattern =
          argument.isRepeating ? quoted(entry.path + " ") + "*" : quoted("\(entry.path) \(index)")
        lines.append("    \(pattern)) echo \(quoted(words)) ;;")
      }
    }
    lines += ["  esac", "}", "", walk]
    return lines.joined(separator: "\n")
  }

  /// `_coins_candidates <coins> <word being completed> <words before it…>`: what may come
  /// next, with `@files` for file names and the cache's coins and categories and the held
  /// coins filled in (from `<coins> completions --list-…`, never the network); in a comma
  /// list (`--coins btc,e`) each coin comes after the words before the last comma.
  static let walk = """
    _coins_candidates() {
      local coins=$1 cur=$2 cmd="" values="" position=0 option=""
      shift 2
      while [ $# -gt 0 ]; do
        if [[ $1 == -* ]]; then
          if _coins_option_values "$cmd" "$1" >/dev/null; then
            [ $# -eq 1 ] && option=$1
            shift
          fi
        elif [[ " $(_coins_subcommands "$cmd") " == *" $1 "* ]]; then
          cmd=${cmd:+$cmd }$1
        else
          position=$((position + 1))
        fi
        [ $# -gt 0 ] && shift
      done
      if [ -n "$option" ]; then
        values=$(_coins_option_values "$cmd" "$option")
      elif [[ $cur == -* ]]; then
        values=$(_coins_options "$cmd")
      else
        values="$(_coins_subcommands "$cmd") $(_coins_argument_values "$cmd" "$position")"
      fi
      case "$values" in *@files*) echo @files; return ;; esac
      case "$values" in *@coins*) values="${values//@coins/} $("$coins" completions \(CompletionTable.listCoinsOption) 2>/dev/null)" ;; esac
      case "$values" in *@categories*) values="${values//@categories/} $("$coins" completions \(CompletionTable.listCategoriesOption) 2>/dev/null)" ;; esac
      case "$values" in *@held*) values="${values//@held/} $("$coins" completions \(CompletionTable.listHeldOption) 2>/dev/null)" ;; esac
      case "$values" in *@coinlist*)
        local head="" name
        [[ $cur == *,* ]] && head=${cur%,*},
        values=""
        for name in $("$coins" completions \(CompletionTable.listCoinsOption) 2>/dev/null); do values="$values $head$name"; done ;;
      esac
      echo $values
    }
    """

  /// The names in one double-quoted word (they are plain: letters, digits, `-`, `@`).
  static func quoted(_ words: [String]) -> String {
    quoted(words.joined(separator: " "))
  }

  /// A double-quoted shell word.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
      .replacing("$", with: "\\$").replacing("`", with: "\\`") + "\""
  }
}
