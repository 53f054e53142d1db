/// Bond 7's name for a ``Property``: an observable value.
///
/// ```swift
/// let name = Observable("Ada")
/// ```
///
/// Importing SwiftUI or Observation as well makes the bare name ambiguous with their `Observable`
/// protocol; write `Tether.Observable` (or `Property`) there.
public typealias Observable<Value> = Property<Value>
