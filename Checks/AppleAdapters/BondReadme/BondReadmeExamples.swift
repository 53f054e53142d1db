// Bond 7.8.1's README examples ("Why use Bond?" and the bindings it opens with), compiled against
// the stub UIKit with Tether's UIKit adapters. Only the imports differ from a Bond app: Bond's
// `import Bond` and `import ReactiveKit` become the Tether modules below (an app imports `Tether`,
// which re-exports them all; here the adapters are the type-checked `CheckedTetherUIKit`).
//
// Where the README's own snippet does not compile against Bond either, the app code it assumes is
// declared at the bottom (`length`, `+` on an optional string, a string as a notification name)
// and the snippet is kept verbatim.
// Nothing here runs.
import CheckedTetherUIKit
import TetherCollections
import TetherDataSources
import TetherSignals
import UIKit

@MainActor
final class ProfileViewModel {
  let numberOfFollowers = Property(0)
  let username = Property<String?>("")
}

@MainActor
final class RepositoryCell: UICollectionViewCell {
  let nameLabel = UILabel()
  let avatarImageView = UIImageView()
  let onReuseBag = DisposeBag()
}

struct Repository {
  let name = Property<String?>(nil)
  let photo = Property<UIImage?>(nil)
}

@MainActor
final class BondReadmeExamples {
  let textField = UITextField()
  let label = UILabel()
  let button = UIButton()
  let emailField = UITextField()
  let passField = UITextField()
  let usernameTextField = UITextField()
  let collectionView = UICollectionView()
  let viewModel = ProfileViewModel()
  let repositories = MutableObservableArray<Repository>([])
  let bag = DisposeBag()

  func whyUseBond() {
    textField.reactive.text.observeNext { text in
      print(text)
    }

    textField.reactive.text.bind(to: label.reactive.text)

    textField.reactive.text.bind(to: label)

    textField.reactive.text
      .map { "Hi " + $0 }
      .bind(to: label)

    button.reactive.controlEvents(.touchUpInside)
      .observeNext { e in
        print("Button tapped.")
      }

    button.reactive.tap
      .observeNext {
        print("Button tapped.")
      }

    combineLatest(emailField.reactive.text, passField.reactive.text) { email, pass in
      return email.length > 0 && pass.length > 0
    }
    .bind(to: button.reactive.isEnabled)

    viewModel.numberOfFollowers
      .map { "\($0)" }
      .bind(to: label)

    viewModel.username
      .bidirectionalBind(to: usernameTextField.reactive.text)

    NotificationCenter.default.reactive.notification("MyNotification")
      .observeNext { notification in
        print("Got \(notification)")
      }
      .dispose(in: bag)

    repositories.bind(to: collectionView) { array, indexPath, collectionView in
      let cell =
        collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath) as! RepositoryCell
      let repository = array[indexPath.item]

      repository.name
        .bind(to: cell.nameLabel)
        .dispose(in: cell.onReuseBag)

      repository.photo
        .bind(to: cell.avatarImageView)
        .dispose(in: cell.onReuseBag)

      return cell
    }
  }
}

// The app code the README's snippets assume: Bond declares none of it.

extension Optional where Wrapped == String {
  /// The README's `email.length`.
  fileprivate var length: Int { self?.count ?? 0 }
}

/// The README's `"Hi " + $0` on a text field's optional text.
private func + (left: String, right: String?) -> String {
  left + (right ?? "")
}

extension ReactiveExtensions where Base: NotificationCenter {
  /// The README's `notification("MyNotification")`: Bond, like Tether, takes a
  /// `Notification.Name` with a `name:` label (`notification(name:object:)`).
  fileprivate func notification(_ name: String) -> Signal<Notification, Never> {
    notification(name: Notification.Name(name))
  }
}
