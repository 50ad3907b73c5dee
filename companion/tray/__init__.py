"""companion.tray"""
