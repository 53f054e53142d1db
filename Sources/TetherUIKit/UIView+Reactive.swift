// Apple platforms only. On Linux, Checks/AppleAdapters type-checks this file against stub UIKit
// and ObjectiveC modules written from Apple's documentation.
#if canImport(UIKit) && !os(watchOS)
import TetherSignals
import UIKit

extension ReactiveExtensions where Base: UIView {
  /// Sets the view's alpha.
  public var alpha: Bond<CGFloat> {
    bond { view, alpha in view.alpha = alpha }
  }

  /// Hides or shows the view.
  public var isHidden: Bond<Bool> {
    bond { view, isHidden in view.isHidden = isHidden }
  }

  /// Sets the view's background color.
  public var backgroundColor: Bond<UIColor?> {
    bond { view, color in view.backgroundColor = color }
  }

  /// Sets the view's tint color.
  public var tintColor: Bond<UIColor?> {
    bond { view, color in view.tintColor = color }
  }

  /// Enables or disables user interaction with the view.
  public var isUserInteractionEnabled: Bond<Bool> {
    bond { view, isEnabled in view.isUserInteractionEnabled = isEnabled }
  }
}

extension ReactiveExtensions where Base: UILabel {
  /// Sets the label's text.
  public var text: Bond<String?> {
    bond { label, text in label.text = text }
  }

  /// Sets the label's attributed text.
  public var attributedText: Bond<NSAttributedString?> {
    bond { label, text in label.attributedText = text }
  }

  /// Sets the label's text color.
  public var textColor: Bond<UIColor?> {
    bond { label, color in label.textColor = color }
  }
}

extension UILabel: BindableProtocol {
  /// Binds a signal of texts to the label, as `bind(to: label.reactive.text)` does, so that
  /// `signal.bind(to: label)` reads as in Bond.
  nonisolated public func bind(signal: Signal<String?, Never>) -> any Disposable {
    reactive.text.bind(signal: signal)
  }
}

extension ReactiveExtensions where Base: UIImageView {
  /// Sets the image view's image.
  public var image: Bond<UIImage?> {
    bond { imageView, image in imageView.image = image }
  }
}

extension UIImageView: BindableProtocol {
  /// Binds a signal of images to the image view (`bind(to: imageView)`, as in Bond).
  nonisolated public func bind(signal: Signal<UIImage?, Never>) -> any Disposable {
    reactive.image.bind(signal: signal)
  }
}

extension ReactiveExtensions where Base: UIActivityIndicatorView {
  /// Starts (`true`) or stops (`false`) the indicator's animation.
  public var isAnimating: Bond<Bool> {
    bond { indicator, isAnimating in
      if isAnimating { indicator.startAnimating() } else { indicator.stopAnimating() }
    }
  }
}

extension ReactiveExtensions where Base: UIProgressView {
  /// Sets the progress view's progress.
  public var progress: Bond<Float> {
    bond { progressView, progress in progressView.progress = progress }
  }
}
#endif
