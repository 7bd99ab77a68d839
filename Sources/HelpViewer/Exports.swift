@_exported import HelpViewerContent
@_exported import HelpViewerCore
