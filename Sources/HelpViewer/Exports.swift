@_exported import HelpViewerCore
