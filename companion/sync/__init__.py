"""companion.sync"""
