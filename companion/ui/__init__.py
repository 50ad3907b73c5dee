"""companion.ui"""
