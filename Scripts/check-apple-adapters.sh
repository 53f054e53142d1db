#!/usr/bin/env bash
# Type-checks the UIKit and AppKit adapters and the Combine bridges (Sources/TetherUIKit,
# Sources/TetherAppKit, Sources/TetherCombine) on Linux against the stub modules in
# Checks/AppleAdapters, then proves the check has teeth: each mutation below (a renamed
# UIKit/AppKit/Combine call or a misspelt data-source or subscriber method) must make the build fail.
# It also compiles Bond's README examples against the stubs (Checks/AppleAdapters/BondReadme), and
# an app importing both Tether and Combine (Checks/AppleAdapters/CombineSideBySide) that needs each
# of the four typealiases of "Combine side by side": dropping any one must fail the build.
# What this proves and what it cannot: README.md, "Platforms".
set -euo pipefail
cd "$(dirname "$0")/.."

package=Checks/AppleAdapters
build() { swift build --package-path "$package" "$@"; }

echo "--- the adapters build against the stubs, without warnings"
build 2>&1 | tee .apple-adapters.log
if grep -E "^(/|Sources|Checks).*: warning:" .apple-adapters.log; then
  echo "check-apple-adapters: the adapters compile with warnings (above)." >&2
  exit 1
fi
rm -f .apple-adapters.log

# file|text|mutated text
mutations=(
  "Sources/TetherUIKit/UICollectionView+SectionedView.swift|insertItems(at: indexPaths)|insertItem(at: indexPaths)"
  "Sources/TetherUIKit/UICollectionView+SectionedView.swift|dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)|dequeueReusableCell(withReuseIdentifier: identifier, forIndexPath: indexPath)"
  "Sources/TetherUIKit/UICollectionView+SectionedView.swift|register(cellClass, forCellWithReuseIdentifier: identifier)|register(cellClass, forCellIdentifier: identifier)"
  "Sources/TetherUIKit/UITableView+SectionedView.swift|titleForHeaderInSection section|titleForHeaderIn section"
  "Sources/TetherUIKit/UITableView+SectionedView.swift|(updates) { UIView.performWithoutAnimation(|(updates) { UIView.performWithoutAnimations("
  "Sources/TetherAppKit/NSTableView+FlatView.swift|NSAnimationContext.runAnimationGroup|NSAnimationContext.runAnimationGroups"
  "Sources/TetherAppKit/NSOutlineView+OutlineView.swift|child index: Int, ofItem item|child index: Int, of item"
  "Sources/TetherUIKit/UIControl+Reactive.swift|control.addAction(action, for: events)|control.addAction(action, forEvents: events)"
  "Sources/TetherUIKit/UIControl+Reactive.swift|control.removeTarget(registration, action: ActionTrampoline.action, for: events)|control.removeTargets(registration, action: ActionTrampoline.action, for: events)"
  "Sources/TetherUIKit/UIControl+Reactive.swift|button.setTitle(title, for: .normal)|button.setTitle(title, forState: .normal)"
  "Sources/TetherUIKit/UITextInput+Reactive.swift|UITextView.textDidChangeNotification|UITextView.textDidChange"
  "Sources/TetherUIKit/UITextInput+Reactive.swift|to: bar.searchTextField)|to: bar.searchField)"
  "Sources/TetherUIKit/UIGestureRecognizer+Reactive.swift|gesture.addTarget(trampoline, action: ActionTrampoline.action)|gesture.addTarget(trampoline, selector: ActionTrampoline.action)"
  "Sources/TetherUIKit/UIGestureRecognizer+Reactive.swift|gesture.minimumPressDuration = minimumPressDuration|gesture.minimumDuration = minimumPressDuration"
  "Sources/TetherUIKit/UIValueControls+Reactive.swift|control.beginRefreshing()|control.startRefreshing()"
  "Sources/TetherUIKit/UIValueControls+Reactive.swift|\$0.selectedSegmentIndex = \$1|\$0.selectedIndex = \$1"
  "Sources/TetherUIKit/UIView+Reactive.swift|indicator.startAnimating()|indicator.startAnimation()"
  "Sources/TetherUIKit/UIBarItem+Reactive.swift|item?.action = ActionTrampoline.action|item?.selector = ActionTrampoline.action"
  "Sources/TetherAppKit/NSControl+Reactive.swift|control?.action = ActionTrampoline.action|control?.selector = ActionTrampoline.action"
  "Sources/TetherAppKit/NSControl+Reactive.swift|\$0.dateValue = \$1|\$0.date = \$1"
  "Sources/TetherAppKit/NSView+Reactive.swift|indicator.startAnimation(nil)|indicator.startAnimating()"
  "Checks/AppleAdapters/BondReadme/BondReadmeExamples.swift|.bidirectionalBind(to: usernameTextField.reactive.text)|.bidirectionalBind(to: usernameTextField.reactive.texts)"
  "Sources/TetherCombine/SignalPublisher.swift|subscriber.receive(subscription: subscription)|subscriber.receive(subscriptions: subscription)"
  "Sources/TetherCombine/Publisher+Signal.swift|subscription.request(.unlimited)|subscription.requests(.unlimited)"
  "Sources/TetherCombine/Publisher+Signal.swift|func receive(completion: Combine.Subscribers.Completion<Failure>)|func receive(completed: Combine.Subscribers.Completion<Failure>)"
  "Checks/AppleAdapters/CombineSideBySide/CombineSideBySide.swift|typealias PassthroughSubject = TetherSignals.PassthroughSubject|// (no PassthroughSubject alias)"
  "Checks/AppleAdapters/CombineSideBySide/CombineSideBySide.swift|typealias Subscribers = TetherSignals.Subscribers|// (no Subscribers alias)"
  "Checks/AppleAdapters/CombineSideBySide/CombineSideBySide.swift|typealias Scheduler = TetherSignals.Scheduler|// (no Scheduler alias)"
  "Checks/AppleAdapters/CombineSideBySide/CombineSideBySide.swift|typealias AnyCancellable = TetherSignals.AnyCancellable|// (no AnyCancellable alias)"
)
backup=$(mktemp -d)
restore() {
  for entry in "${mutations[@]}"; do
    file=${entry%%|*}
    [ -f "$backup/$(basename "$file")" ] && cp "$backup/$(basename "$file")" "$file"
  done
  rm -rf "$backup"
}
trap restore EXIT
for entry in "${mutations[@]}"; do
  IFS='|' read -r file text mutated <<<"$entry"
  cp "$file" "$backup/$(basename "$file")"
  grep -qF "$text" "$file" || { echo "check-apple-adapters: '$text' not found in $file" >&2; exit 1; }
  python3 - "$file" "$text" "$mutated" <<'PY'
import sys
path, old, new = sys.argv[1:]
text = open(path).read()
open(path, "w").write(text.replace(old, new, 1))
PY
  if build >/dev/null 2>&1; then
    echo "check-apple-adapters: the build passed with '$text' changed to '$mutated' in $file" >&2
    exit 1
  fi
  echo "--- fails as it must with '$mutated' in $(basename "$file")"
  cp "$backup/$(basename "$file")" "$file"
done
echo "Apple adapters: type-checked against the stubs; every mutation was caught"
