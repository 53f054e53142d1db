// The UIKit samples of BindingControls.md: compiled only where UIKit exists. On Linux the same
// calls are type-checked against the stub UIKit by Scripts/check-apple-adapters.sh (Bond's README
// examples, Checks/AppleAdapters/BondReadme), and the logic under them is tested by
// `binding-controls-own-control` and TetherSignalsTests' ControlBindingTests.
#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import Tether
import UIKit

@MainActor
final class SignUpViewModel {
  let username = Property<String?>("")
  let followers = Property(0)
}

@MainActor
final class SignUpViewController: UIViewController {
  let usernameField = UITextField()
  let passwordField = UITextField()
  let signUpButton = UIButton()
  let followersLabel = UILabel()
  let notifications = UISwitch()
  let viewModel = SignUpViewModel()

  override func viewDidLoad() {
    super.viewDidLoad()
    // snippet: binding-controls-uikit
    viewModel.username.bidirectionalBind(to: usernameField.reactive.text)
    viewModel.followers.map { "\($0) followers" }.bind(to: followersLabel)

    combineLatest(usernameField.reactive.text, passwordField.reactive.text) { name, password in
      !(name ?? "").isEmpty && (password ?? "").count >= 8
    }
    .bind(to: signUpButton.reactive.isEnabled)

    signUpButton.reactive.tap.observeNextOnMain { [weak self] in self?.signUp() }
      .dispose(in: reactive.bag)
    notifications.reactive.isOn.observeNextOnMain { print("notifications: \($0)") }
      .dispose(in: reactive.bag)
    // snippet-end
  }

  func signUp() {}
}
#endif
